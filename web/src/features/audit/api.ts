import * as C from '../../../../api/contracts/audit.ts';
import { exportAuditLog, exportUsersLog } from '../../../../api/contracts/exports.ts';
import * as U from '../../../../api/contracts/users.ts';
import type { RecordKind } from '../../../../domain/record-kinds.ts';
import { startExportWith } from '../../components/ExportDialog.tsx';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { type AuditSearch, auditQuery, type UsersLogSearch } from './search.ts';

/** The history of one record of any kind (GET /api/history/:kind/:id), oldest first. */
export function recordHistoryQuery(kind: RecordKind, id: string) {
  return {
    ...endpointQuery(['history', kind, id], C.recordHistory, () => ({ params: { kind, id } })),
    // Read from the record's events: never stale, so every visit shows the latest change.
    staleTime: 0,
  };
}

/** Users whose name contains the text: the audit log's actor filter. */
export function actorsQuery(text: string) {
  return {
    ...endpointQuery(['audit', 'actors', text], C.auditActors, () => ({ query: { q: text } })),
    enabled: text.trim().length >= 2,
    staleTime: 30_000,
  };
}

function filterQuery(s: UsersLogSearch) {
  return {
    from: s.from || undefined,
    to: s.to || undefined,
    loginStatuses: s.loginStatuses || undefined,
    ip: s.ip || undefined,
    userAgent: s.userAgent || undefined,
  };
}

export const USERS_LOG_PAGE_SIZE = 20;

export function usersLogQuery(s: UsersLogSearch) {
  return endpointQuery(['users-log', s], U.loginLog, () => ({
    query: { ...filterQuery(s), page: String(s.page ?? 1), pageSize: String(USERS_LOG_PAGE_SIZE) },
  }));
}

/** Starts the export (Excel or PDF, a job) of every row the filters select: the export dialog follows it. */
export function startUsersLogExport(s: UsersLogSearch) {
  return startExportWith(exportUsersLog, filterQuery(s));
}

/** Starts the export (a job) of every audit log row the filters select, newest first. */
export function startAuditExport(filters: AuditSearch) {
  const { limit: _l, before: _b, after: _a, ...f } = auditQuery(filters, 1, null);
  return startExportWith(exportAuditLog, f);
}
