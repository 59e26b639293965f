import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../../domain/shared/errors.ts';
import { RoleNameKey } from '../../../../domain/shared/roles.ts';
import { menuScreens } from '../layout/menu.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';

const arKeys = Object.keys(ar).sort();
const enKeys = Object.keys(en).sort();
const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** Values that are deliberately not Arabic: the toggle's label is the other language's own name. */
const NOT_ARABIC: readonly string[] = ['app.switchLanguage', 'app.switchLanguageLang'];

describe('translations', () => {
  it('has no key in Arabic that English lacks', () => {
    expect(arKeys.filter((k) => !(k in en))).toEqual([]);
  });

  it('has no key in English that Arabic lacks', () => {
    expect(enKeys.filter((k) => !(k in ar))).toEqual([]);
  });

  it('translates every error code of the catalogue in both languages', () => {
    const missing = ErrorCodes.filter((code) => !ar[code]?.trim() || !en[code]?.trim());
    expect(missing).toEqual([]);
  });

  it('names every role in both languages', () => {
    const missing = Object.values(RoleNameKey).filter(
      (key) => !(ar as Record<string, string>)[key]?.trim() || !(en as Record<string, string>)[key]?.trim(),
    );
    expect(missing).toEqual([]);
  });

  it('labels every screen of the header menus', () => {
    const missing = menuScreens.filter((screen) => !(`menu.${screen}` in ar));
    expect(missing).toEqual([]);
  });

  it('writes the Arabic strings in Arabic script, not transliteration', () => {
    const notArabic = Object.entries(ar)
      .filter(([key, value]) => !NOT_ARABIC.includes(key) && !ARABIC_LETTER.test(value))
      .map(([key]) => key);
    expect(notArabic).toEqual([]);
  });

  it('keeps the same interpolation placeholders in both languages', () => {
    const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const differing = arKeys.filter(
      (k) =>
        JSON.stringify(placeholders(ar[k as keyof typeof ar])) !==
        JSON.stringify(placeholders(en[k as keyof typeof en])),
    );
    expect(differing).toEqual([]);
  });
});
