// The surveys feature's public surface (other features import only this file).
export { surveysAr, surveysEn } from './i18n.ts';
