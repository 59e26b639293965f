import type { Lang } from '../../../../api/contracts/common.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { intlLocale, type TranslationKey } from '../../app/i18n/index.ts';

/** An event's name in the page's language, else the other one. */
export function eventName(row: { nameAr: string | null; nameEn: string | null }, lang: Lang): string {
  const preferred = lang === 'ar' ? row.nameAr : row.nameEn;
  const other = lang === 'ar' ? row.nameEn : row.nameAr;
  return preferred?.trim() || other?.trim() || '—';
}

/** An ISO day ("2026-12-01") as the page's language writes it; days are calendar days, no time zone shift. */
export function formatIsoDay(day: string, lang: Lang): string {
  const at = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/** The translation key of an event status: "today" instead of "active" where the client says so (spec: status 2). */
export function statusKey(
  status: number,
  activeLabel: 'EventStatusActive' | 'EventStatusToday',
): `events.status.${0 | 2 | 3 | 4 | 'today'}` {
  if (status === 2 && activeLabel === 'EventStatusToday') return 'events.status.today';
  return `events.status.${status as 0 | 2 | 3 | 4}`;
}

/** Volunteering days (Sunday 0 … Saturday 6), in week order. */
export function sortedDays(days: readonly number[]): number[] {
  return [...new Set(days)].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort((a, b) => a - b);
}

/** Why the server refused a join with one of its two shared codes (details.reason, from domain/participation). */
export const JOIN_REASONS = [
  'alreadyAsked',
  'registrationNotApproved',
  'visibility',
  'gender',
  'pendingRequests',
  'acceptedElsewhere',
] as const;
export type JoinReason = (typeof JOIN_REASONS)[number];

/**
 * What the event page does with a join refusal (spec section 8): most are an information dialog; a visitor is sent to
 * sign in, an incomplete registration to its edit page and an unverified national id to user verification after the
 * prompt. NotAllowToJoinEvent and
 * VolunteerJoinedAnotherEvent cover several rules: the reason the server gives picks the sentence.
 */
export type JoinOutcome =
  | { kind: 'info'; code: ErrorCode; reason?: JoinReason }
  | { kind: 'redirect'; code: ErrorCode; to: 'login' | 'edit' | 'verify' };
export function joinOutcome(code: ErrorCode, details?: Record<string, unknown>): JoinOutcome {
  if (code === 'YouMustLogIn' || code === 'SessionExpired' || code === 'Unauthorized')
    return { kind: 'redirect', code: 'YouMustLogIn', to: 'login' };
  if (code === 'UpdateRegistrationTitle') return { kind: 'redirect', code, to: 'edit' };
  // Spec: InvalidNICAccount prompts, then opens user verification.
  if (code === 'InvalidNICAccount') return { kind: 'redirect', code, to: 'verify' };
  const reason = details?.reason;
  if (
    (code === 'NotAllowToJoinEvent' || code === 'VolunteerJoinedAnotherEvent') &&
    (JOIN_REASONS as readonly unknown[]).includes(reason)
  )
    return { kind: 'info', code, reason: reason as JoinReason };
  return { kind: 'info', code };
}

/** The sentence of a refusal: its reason's own where the code is shared, else the code's catalogue text. */
export function joinMessageKey(o: JoinOutcome): TranslationKey {
  return o.kind === 'info' && o.reason ? `join.refused.${o.reason}` : o.code;
}

/** Statuses per tab of "my events" (spec section 2): invitations waiting, current (accepted), and the rest past. */
export const INVITATION_STATUSES = [1, 2, 7] as const;
export const CURRENT_STATUSES = [4, 10] as const;

export type MyTab = 'invitations' | 'current' | 'past';
export function tabOf(p: { status: number; endDate: string }, today: string): MyTab | null {
  if ((INVITATION_STATUSES as readonly number[]).includes(p.status)) return p.endDate >= today ? 'invitations' : 'past';
  if ((CURRENT_STATUSES as readonly number[]).includes(p.status)) return p.endDate >= today ? 'current' : 'past';
  if (p.status === 8 || p.status === 9) return 'past';
  return null;
}

/** Today as an ISO day in the browser's time zone. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** How an event's main image shows (on its page, in the form's preview): whole, at its own proportions, at the start. */
export const wholeImage = { w: 'auto', maw: '100%', fit: 'contain', style: { alignSelf: 'flex-start' } } as const;
