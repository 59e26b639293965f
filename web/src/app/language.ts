import { Lang } from '../../../api/contracts/common.ts';

export const LANGS: readonly Lang[] = Lang.options;
export const DEFAULT_LANG: Lang = 'ar';
export const LANG_COOKIE = 'lang';
/** Spec: the language choice is kept in a cookie for 1 day. */
export const LANG_COOKIE_MAX_AGE_SECONDS = 86_400;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function otherLang(lang: Lang): Lang {
  return lang === 'ar' ? 'en' : 'ar';
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** Login language id (spec: 1 Arabic, 2 English). */
export function languageId(lang: Lang): 1 | 2 {
  return lang === 'ar' ? 1 : 2;
}

export function langCookie(lang: Lang): string {
  return `${LANG_COOKIE}=${lang}; max-age=${LANG_COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}

export function readLangCookie(cookieHeader: string): Lang | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE && isLang(value)) return value;
  }
  return null;
}

/** The language for a path without one: the cookie's, else Arabic. */
export function preferredLang(cookieHeader: string): Lang {
  return readLangCookie(cookieHeader) ?? DEFAULT_LANG;
}

/** "/ar/login" → "/login", "/ar" → "/". Only strips a valid language segment. */
export function stripLang(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  if (!isLang(first)) return pathname || '/';
  return `/${rest.join('/')}`;
}

/** The same page under another language prefix: "/ar/login" → "/en/login". */
export function withLang(pathname: string, lang: Lang): string {
  const rest = stripLang(pathname);
  return rest === '/' ? `/${lang}` : `/${lang}${rest}`;
}

/**
 * Where to send a path whose first segment is not a language: a known page name gains a prefix ("/login" →
 * "/ar/login"); anything else has the bad segment replaced ("/fr/login" → "/ar/login").
 */
export function fixLangPath(pathname: string, lang: Lang, knownPages: readonly string[]): string {
  const [, first = '', ...rest] = pathname.split('/');
  if (knownPages.includes(first)) return `/${lang}/${[first, ...rest].join('/')}`.replace(/\/+$/, '');
  const tail = rest.join('/');
  return tail ? `/${lang}/${tail}` : `/${lang}`;
}

/** Mantine's DirectionProvider only reads <html dir>, so the app sets dir and lang itself. */
export function applyDocumentLanguage(lang: Lang, doc: Document = document): void {
  doc.documentElement.lang = lang;
  doc.documentElement.dir = dirOf(lang);
}

/** "/login", "/login?x" or "/login/": never a place to come back to after signing in. */
export function isLoginPath(path: string): boolean {
  return /^\/login(?:[/?#]|$)/.test(path);
}

/** A redirect target from the query string, kept only if it is a path inside this site (no open redirect). */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
}
