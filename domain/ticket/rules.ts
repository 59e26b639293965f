import { requireText } from '../shared/text.ts';
/**
 * The spec's ticket codes (both documents, sections 4 and 9): request types, the creator's verdict, ticket actions,
 * reasons and priorities, each named once.
 */
export const RequestType = { Ticket: 1, Suggestion: 2, ContactUs: 4 } as const;
export type RequestType = (typeof RequestType)[keyof typeof RequestType];
export const REQUEST_TYPES: readonly RequestType[] = [1, 2, 4];

/** TicketStatusId: the creator's verdict on a reply. */
export const TicketVerdict = { Resolved: 1, NotResolved: 2 } as const;
export type TicketVerdict = (typeof TicketVerdict)[keyof typeof TicketVerdict];

/** TicketActionId: 1 a new submission, 2 a reply, 3 a reply that closes the ticket (the response section hides). */
export const TicketAction = { New: 1, Reply: 2, Close: 3 } as const;
export type TicketAction = (typeof TicketAction)[keyof typeof TicketAction];
export const TICKET_ACTIONS: readonly TicketAction[] = [1, 2, 3];

/** Reject reasons of a not-resolved verdict (getRejectReasonTickets); 4 is "other" and needs the reason's text. */
export const REJECT_REASONS = [1, 2, 3, 4] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
export const OTHER_REASON: RejectReason = 4;

/** Priorities (ticketPriorities): 1 most urgent … 4 normal, the default. */
export const PRIORITIES = [1, 2, 3, 4] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 4;

/** The lifecycle words of the spec: new, replied (by staff or volunteer), resolved or not, closed. */
export const TICKET_STATUSES = ['new', 'replied', 'resolved', 'notResolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** A ticket still waiting for its end: a second identical one is refused (DuplicateTicketNotResolvedYet). */
export const UNRESOLVED: readonly TicketStatus[] = ['new', 'replied', 'notResolved'];

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 4000;
export const RESPONSE_MAX = 4000;
export const REASON_MAX = 1000;

/** Spec: the submit button is enabled again 5 s after a submission. */
export const SUBMIT_COOLDOWN_MS = 5000;

/** What makes two tickets the same request: type, event and title (case, spacing and width folded). */
export function duplicateKey(t: { requestType: number; eventId: string | null; title: string }): string {
  const title = t.title.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return `${t.requestType}|${t.eventId ?? ''}|${title}`;
}

/** The code shown to the volunteer on success: the year and the first 8 hex digits of the ticket's id. */
export function ticketCode(ticketId: string, at: Date): string {
  return `TK-${at.getUTCFullYear()}-${ticketId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export interface TicketDraft {
  requestType?: number | null;
  title?: string | null;
  description?: string | null;
  eventId?: string | null;
  priority?: number | null;
  departmentId?: number | null;
}

export type TicketIssueCode =
  | 'TicketTitleRequired'
  | 'TicketTypeRequired'
  | 'TicketDescriptionRequired'
  | 'EventisRequired'
  | 'TextTooLong'
  | 'ValidationFailed';

/** The form's rules, the same in the browser and the decider: `{ path, code }` per problem. */
export function ticketIssues(d: TicketDraft): { path: keyof TicketDraft; code: TicketIssueCode }[] {
  const issues: { path: keyof TicketDraft; code: TicketIssueCode }[] = [];
  requireText(issues, 'title', d.title, TITLE_MAX, 'TicketTitleRequired');
  if (d.requestType == null) issues.push({ path: 'requestType', code: 'TicketTypeRequired' });
  else if (!(REQUEST_TYPES as readonly number[]).includes(d.requestType))
    issues.push({ path: 'requestType', code: 'TicketTypeRequired' });
  requireText(issues, 'description', d.description, DESCRIPTION_MAX, 'TicketDescriptionRequired');
  if (d.requestType === RequestType.Ticket && !d.eventId) issues.push({ path: 'eventId', code: 'EventisRequired' });
  if (d.priority != null && !(PRIORITIES as readonly number[]).includes(d.priority))
    issues.push({ path: 'priority', code: 'ValidationFailed' });
  if (d.departmentId != null && (!Number.isInteger(d.departmentId) || d.departmentId < 1))
    issues.push({ path: 'departmentId', code: 'ValidationFailed' });
  return issues;
}

export interface ReplyDraft {
  action?: number | null;
  response?: string | null;
}
/** A reply needs its text and an action other than 1 (spec: ActionResponseRequired, TicketActionRequired). */
export function replyIssues(
  d: ReplyDraft,
): { path: keyof ReplyDraft; code: 'ActionResponseRequired' | 'TicketActionRequired' | 'TextTooLong' }[] {
  const issues: { path: keyof ReplyDraft; code: 'ActionResponseRequired' | 'TicketActionRequired' | 'TextTooLong' }[] =
    [];
  if (d.action == null || d.action === TicketAction.New || !(TICKET_ACTIONS as readonly number[]).includes(d.action))
    issues.push({ path: 'action', code: 'TicketActionRequired' });
  requireText(issues, 'response', d.response, RESPONSE_MAX, 'ActionResponseRequired');
  return issues;
}

export interface VerdictDraft {
  status?: number | null;
  reasonId?: number | null;
  reason?: string | null;
}
/** Resolved (1), or not resolved (2) with a reason id, and with its text when the id is 4 ("other"). */
export function verdictIssues(
  d: VerdictDraft,
): { path: keyof VerdictDraft; code: 'RejectReasonRequired' | 'ValidationFailed' | 'TextTooLong' }[] {
  if (d.status !== TicketVerdict.Resolved && d.status !== TicketVerdict.NotResolved)
    return [{ path: 'status', code: 'ValidationFailed' }];
  if (d.status === TicketVerdict.Resolved) return [];
  if (d.reasonId == null) return [{ path: 'reasonId', code: 'RejectReasonRequired' }];
  if (!(REJECT_REASONS as readonly number[]).includes(d.reasonId))
    return [{ path: 'reasonId', code: 'ValidationFailed' }];
  const reason = d.reason?.trim() ?? '';
  if (d.reasonId === OTHER_REASON && !reason) return [{ path: 'reason', code: 'RejectReasonRequired' }];
  if (reason.length > REASON_MAX) return [{ path: 'reason', code: 'TextTooLong' }];
  return [];
}
