import { z } from 'zod';
import { RECORD_TYPES, RecordKindList } from '../../domain/record-kinds.ts';
import { Actor, AfterQuery, DaysFilters, Names, named } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';
import { HistoryEntry } from './registration.ts';

const audit = endpoints('audit');

/** Where a row opens its record (domain/record-kinds.ts recordLink). */
export const RecordLink = z
  .discriminatedUnion('screen', [
    z.object({ screen: z.literal('registration'), id: z.string() }),
    z.object({ screen: z.literal('event'), id: z.string() }),
    z.object({ screen: z.literal('history'), kind: z.string(), id: z.string() }),
    z.object({ screen: z.literal('usersLog') }),
  ])
  .meta({ id: 'RecordLink' });

export const AuditRow = named('AuditRow', {
  position: z.string(),
  at: z.string(),
  actor: Actor,
  recordType: z.string(),
  recordId: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  correlationId: z.string().nullable(),
  link: RecordLink,
});
export type AuditRow = z.infer<typeof AuditRow>;

/** One page, and the position to pass as `before` for the next (null on the last page). */
export const AuditPage = named('AuditPage', { rows: z.array(AuditRow), next: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditQuery = AfterQuery.extend({
  before: P.position.optional(),
  limit: P.queryInt(1, 200).default(50),
  actorId: P.uuid().optional(),
  recordType: z.enum(RECORD_TYPES).optional(),
  recordId: P.text(200).optional(),
  ...DaysFilters,
});

/** The global audit log for admins: newest first, keyset-paged by log position (?before=<position of the last row>). */
export const auditLog = audit.get('/api/audit-log', {
  permission: staff('auditlog', 'View'),
  query: AuditQuery,
  response: AuditPage,
});

export const ActorSuggestion = named('ActorSuggestion', {
  id: z.string(),
  ...Names,
  userName: z.string(),
  roleId: z.number(),
});
export type ActorSuggestion = z.infer<typeof ActorSuggestion>;

/** The audit log's actor filter: users whose name or user name contains `q` (at most 20). */
export const auditActors = audit.get('/api/audit-log/actors', {
  permission: staff('auditlog', 'View'),
  query: AfterQuery.extend({ q: P.text(100).trim().min(1) }),
  response: z.array(ActorSuggestion),
});

/** Every kind of record has a history: `kind` is its stream category (domain/record-kinds.ts), `id` the rest. */
export const RecordKindParam = z.enum(RecordKindList);

/** The history of one record, oldest first: who (name, role), when, through which request, what action, fields. */
export const recordHistory = audit.get('/api/history/:kind/:id', {
  params: z.object({ kind: RecordKindParam, id: P.text(200).min(1) }),
  response: z.array(HistoryEntry),
});
