import { sql } from 'kysely';
import { upcastStored } from '../../commands/event-store/decode.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import { streamCategory } from '../../commands/event-store/port.ts';
import type { Projection } from '../runner/projection.ts';

export interface AuditChange {
  field: string;
  from: unknown;
  to: unknown;
}

const STATUS_BY_EVENT: Record<string, number> = {
  RegistrationDraftSaved: 1,
  RegistrationSubmitted: 2,
  RegistrationInitiallyAccepted: 3,
  RegistrationApproved: 5,
  RegistrationRejected: 6,
  RegistrationReturnedToSubmitted: 2,
};
/** Never shown in the audit: hashes and anything secret. */
const SECRET = /password|hash|token/i;

/** What an event changed, field by field (before → after), for the audit log and the history tab. */
export function changesOf(e: Pick<StoredEvent, 'type' | 'data'>): AuditChange[] {
  const d = (e.data ?? {}) as Record<string, unknown>;
  const out: AuditChange[] = [];
  if (Array.isArray(d.changes)) out.push(...(d.changes as AuditChange[]));
  const status = STATUS_BY_EVENT[e.type];
  if (status !== undefined && (d.previousStatus ?? null) !== status)
    out.push({ field: 'status', from: d.previousStatus ?? null, to: status });
  for (const [k, v] of Object.entries(d)) {
    if (k === 'changes' || k === 'previousStatus' || k === 'form') continue;
    if (SECRET.test(k)) {
      out.push({ field: k, from: '••••', to: '••••' });
      continue;
    }
    if (v === null || typeof v !== 'object') out.push({ field: k, from: null, to: v });
    else if (!Array.isArray(v))
      for (const [k2, v2] of Object.entries(v))
        if (!SECRET.test(k2)) out.push({ field: `${k}.${k2}`, from: null, to: v2 });
  }
  return out;
}

/** rm.audit_log: every event as one row — when, who, which record, what action, which fields changed. */
export const auditLogProjection: Projection = {
  name: 'audit-log',
  version: 1,
  tables: ['audit_log'],
  // No type list: every event of every stream, so a new kind of event is audited without anyone remembering to.
  async setup({ tx, table }) {
    const t = table('audit_log');
    await sql
      .raw(`
      create table ${t} (
        commit_pos numeric(20) not null,
        prepare_pos numeric(20) not null,
        event_id uuid not null unique,
        at timestamptz not null,
        actor_id text,
        actor_role int,
        record_type text not null,
        record_id text not null,
        action text not null,
        changes jsonb not null,
        correlation_id text,
        primary key (commit_pos, prepare_pos)
      );
      create index on ${t} (actor_id, commit_pos desc, prepare_pos desc);
      create index on ${t} (record_type, record_id, commit_pos desc, prepare_pos desc);
      create index on ${t} (at);`)
      .execute(tx);
  },
  async apply({ tx, table }, events) {
    // A process's own stream is bookkeeping (commands/workflow/process.ts): its steps' events are audited.
    const rows = events
      .filter((e) => streamCategory(e.streamId) !== 'process')
      .map((e) => {
        const cat = streamCategory(e.streamId);
        return {
          commit_pos: e.position.commit.toString(),
          prepare_pos: e.position.prepare.toString(),
          event_id: e.id,
          at: e.metadata.occurredAt,
          actor_id: e.metadata.actorId,
          actor_role: e.metadata.actorRole,
          record_type: cat,
          record_id: e.streamId.slice(cat.length + 1),
          action: e.type,
          changes: JSON.stringify(changesOf(upcastStored(e))),
          correlation_id: e.metadata.correlationId,
        };
      });
    if (rows.length) await tx.insertInto(table('audit_log')).values(rows).execute();
  },
};
