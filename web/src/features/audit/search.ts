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

/** GET /api/audit-log's query for one page: the page size, `before` past the first page, the filters, `after`. */
export function auditQuery(filters: AuditSearch, limit: number, before: string | null, after?: string) {
  return {
    limit: String(limit),
    before: before ?? undefined,
    actorId: filters.actorId || undefined,
    recordType: filters.recordType || undefined,
    recordId: filters.recordId || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    after: after || undefined,
  };
}
