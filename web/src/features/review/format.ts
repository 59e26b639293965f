import type { TFunction } from 'i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { isRoleId, RoleNameKey } from '../../../../domain/shared/roles.ts';
import { intlLocale, type TranslationKey } from '../../app/i18n/index.ts';
import { hijriOf, localIsoDay } from '../registration/index.ts';

/** A day of an instant, short ("12 Mar 2026" / "١٢ مارس ٢٠٢٦"), in the browser's time zone. */
export function formatDay(iso: string | null, lang: Lang): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium' }).format(at);
}

/** Day and time of an instant ("12 Mar 2026, 09:30"). */
export function formatDayTime(iso: string | null, lang: Lang): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/**
 * When something happened, as the history and the audit log show it: date and time in the page's language, and in
 * Arabic the Hijri (Umm al-Qura) day as well.
 */
export function formatWhen(iso: string, lang: Lang, t: TFunction): { main: string; hijri: string | null } {
  const main = formatDayTime(iso, lang) ?? iso;
  const day = lang === 'ar' ? localIsoDay(iso) : null;
  return { main, hijri: day ? hijriOf(day, lang, t) : null };
}

export interface ActorLike {
  id: string | null;
  nameAr: string | null;
  nameEn: string | null;
  roleId: number | null;
}

/** An actor's name in the page's language (the other language if missing), and the role's name. */
export function actorName(actor: ActorLike, lang: Lang, t: TFunction): { name: string; role: string | null } {
  const preferred = lang === 'ar' ? actor.nameAr : actor.nameEn;
  const other = lang === 'ar' ? actor.nameEn : actor.nameAr;
  const name = preferred?.trim() || other?.trim() || (actor.id ? t('history.unknownUser') : t('history.system'));
  const role = isRoleId(actor.roleId) ? t(RoleNameKey[actor.roleId] as TranslationKey) : null;
  return { name, role };
}

/** A volunteer's name in the page's language, else the other one. */
export function personName(row: { nameAr: string; nameEn: string }, lang: Lang): string {
  const preferred = lang === 'ar' ? row.nameAr : row.nameEn;
  const other = lang === 'ar' ? row.nameEn : row.nameAr;
  return preferred.trim() || other.trim();
}
