import { RECORD_TYPES, type RecordType } from '../../../../domain/record-kinds.ts';
import { isIsoDay, isUuid, searchText as text } from '../../lib/search-params.ts';

// The audit log's filters as they stand in the URL, apart from the page so the router validates them cheaply.

export interface AuditSearch {
  actorId?: string;
  /** The chosen actor's label, kept in the URL only to show it in the filter again (never sent). */
  actorName?: string;
  recordType?: RecordType;
  recordId?: string;
  from?: string;
  to?: string;
}

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  const actorId = isUuid(search.actorId) ? search.actorId : undefined;
  if (actorId) out.actorId = actorId;
  const actorName = text(search.actorName, 200);
  if (actorId && actorName) out.actorName = actorName;
  const recordType = RECORD_TYPES.find((type) => type === search.recordType);
  if (recordType) out.recordType = recordType;
  const recordId = text(search.recordId, 200);
  if (recordId) out.recordId = recordId;
  if (isIsoDay(search.from)) out.from = search.from;
  if (isIsoDay(search.to)) out.to = search.to;
  return out;
}

/** GET /api/audit-log's query for one page: the page size, `before` past the first page, the filters, `after`. */
export function auditQuery(filters: AuditSearch, limit: number, before: string | null, after?: string) {
  return {
    limit: String(limit),
    before: before ?? undefined,
    actorId: filters.actorId || undefined,
    recordType: filters.recordType,
    recordId: filters.recordId || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    after: after || undefined,
  };
}

/** The users log's filters as they stand in the URL (and go to the API). */
export interface UsersLogSearch {
  from?: string;
  to?: string;
  loginStatuses?: string;
  ip?: string;
  userAgent?: string;
  page?: number;
}

/** The users log's filters in the URL: a date range, login statuses ("1,3"), IP, user agent, and the page. */
export function validateUsersLogSearch(search: Record<string, unknown>): UsersLogSearch {
  const out: UsersLogSearch = {};
  if (isIsoDay(search.from)) out.from = search.from;
  if (isIsoDay(search.to)) out.to = search.to;
  const statuses = typeof search.loginStatuses === 'string' ? search.loginStatuses : String(search.loginStatuses ?? '');
  if (/^[1-7](,[1-7]){0,6}$/.test(statuses)) out.loginStatuses = statuses;
  const ip = text(search.ip, 64);
  if (ip) out.ip = ip;
  const userAgent = text(search.userAgent, 200);
  if (userAgent) out.userAgent = userAgent;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  return out;
}
