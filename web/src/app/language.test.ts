// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  applyDocumentLanguage,
  fixLangPath,
  isLoginPath,
  langCookie,
  preferredLang,
  readLangCookie,
  safeRedirect,
  stripLang,
  withLang,
} from './language.ts';

describe('language in the path', () => {
  it('keeps the page when switching language', () => {
    expect(withLang('/ar/change-password', 'en')).toBe('/en/change-password');
    expect(withLang('/en', 'ar')).toBe('/ar');
    expect(withLang('/en/', 'ar')).toBe('/ar');
  });

  it('strips only a real language prefix', () => {
    expect(stripLang('/ar/login')).toBe('/login');
    expect(stripLang('/en')).toBe('/');
    expect(stripLang('/fr/login')).toBe('/fr/login');
  });

  it('sends an invalid language segment to the same page in the preferred language', () => {
    expect(fixLangPath('/fr/login', 'ar', ['login'])).toBe('/ar/login');
    expect(fixLangPath('/xx', 'ar', ['login'])).toBe('/ar');
  });

  it('reads a bare page name as a page of the preferred language', () => {
    expect(fixLangPath('/login', 'en', ['login'])).toBe('/en/login');
    expect(fixLangPath('/dashboard/', 'ar', ['dashboard'])).toBe('/ar/dashboard');
  });
});

describe('language cookie', () => {
  it('lasts one day for the whole site', () => {
    expect(langCookie('en')).toBe('lang=en; max-age=86400; path=/; SameSite=Lax');
  });

  it('is read among other cookies, and ignored when not a known language', () => {
    expect(readLangCookie('a=1; lang=en; b=2')).toBe('en');
    expect(readLangCookie('lang=fr')).toBeNull();
    expect(preferredLang('')).toBe('ar');
    expect(preferredLang('lang=en')).toBe('en');
  });
});

describe('document language', () => {
  it('sets lang and a right-to-left direction for Arabic', () => {
    applyDocumentLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('sets a left-to-right direction for English', () => {
    applyDocumentLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('redirect after login', () => {
  it('never returns to the login page itself', () => {
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/login?reason=expired')).toBe(true);
    expect(isLoginPath('/login-help')).toBe(false);
    expect(isLoginPath('/dashboard')).toBe(false);
  });

  it('accepts paths inside the site only', () => {
    expect(safeRedirect('/dashboard?x=1')).toBe('/dashboard?x=1');
    expect(safeRedirect('//evil.example/x')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil')).toBeUndefined();
    expect(safeRedirect(42)).toBeUndefined();
  });
});
