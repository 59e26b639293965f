// The registration feature's strings (the form, its pages, the volunteer's own registration, e-mail confirmation).
// Spread into app/i18n/ar.ts and en.ts; the review pages reuse the field labels and statuses.

import { registrationAr } from './i18n.ar.ts';
import { registrationEn } from './i18n.en.ts';

export const ar = registrationAr;
export const en = registrationEn;
