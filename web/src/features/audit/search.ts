// The audit log's filters as they stand in the URL, apart from the page so the router validates them cheaply.

export interface AuditSearch {
  actorId?: string;
  recordType?: string;
  recordId?: string;
  from?: string;
  to?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : undefined;

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  const actorId = text(search.actorId, 40);
  if (actorId) out.actorId = actorId;
  const recordType = text(search.recordType, 40);
  if (recordType) out.recordType = recordType;
  const recordId = text(search.recordId, 200);
  if (recordId) out.recordId = recordId;
  if (typeof search.from === 'string' && ISO_DAY.test(search.from)) out.from = search.from;
  if (typeof search.to === 'string' && ISO_DAY.test(search.to)) out.to = search.to;
  return out;
}

/** GET /api/audit-log's query string for one page: the filters, the page size, and `before` past the first page. */
export function auditQueryString(filters: AuditSearch, limit: number, before: string | null, after?: string): string {
  const q = new URLSearchParams();
  q.set('limit', String(limit));
  if (before) q.set('before', before);
  for (const key of ['actorId', 'recordType', 'recordId', 'from', 'to'] as const) {
    const v = filters[key];
    if (v) q.set(key, v);
  }
  if (after) q.set('after', after);
  return q.toString();
}
