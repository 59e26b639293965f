export { certificatesAr, certificatesEn } from './i18n.ts';
