import { upcastStored } from '../../commands/event-store/decode.ts';
import { streamCategory } from '../../commands/event-store/port.ts';
import { processEvents } from '../../commands/workflow/process.ts';
import { recordTypeOf } from '../../domain/record-kinds.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { changesOf } from './changes.ts';

/** rm.audit_log: every event as one row — when, who, which record, what action, which fields changed. */
export const auditLogProjection: Projection = {
  name: 'audit-log',
  // 2: sign-ins are filed under their own record type (signin), and changes name pairs and previous values.
  version: 2,
  // No type list: every event of every stream, so a new kind of event is audited without anyone remembering to.
  ...readModelTables(
    {
      audit_log: `
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
        primary key (commit_pos, prepare_pos)`,
    },
    (table) => {
      const t = table('audit_log');
      return `
      create index on ${t} (actor_id, commit_pos desc, prepare_pos desc);
      create index on ${t} (record_type, record_id, commit_pos desc, prepare_pos desc);
      create index on ${t} (at)`;
    },
  ),
  async apply({ tx, table }, events) {
    // A process's own stream is bookkeeping (commands/workflow/process.ts), and so are an inline process's start and
    // end in its steps' streams: its steps' events are audited.
    const rows = events
      .filter((e) => streamCategory(e.streamId) !== 'process' && !processEvents.has(e.type))
      .map((e) => {
        const cat = streamCategory(e.streamId);
        return {
          commit_pos: e.position.commit.toString(),
          prepare_pos: e.position.prepare.toString(),
          event_id: e.id,
          at: e.metadata.occurredAt,
          actor_id: e.metadata.actorId,
          actor_role: e.metadata.actorRole,
          record_type: recordTypeOf(cat, e.type),
          record_id: e.streamId.slice(cat.length + 1),
          action: e.type,
          changes: JSON.stringify(changesOf(upcastStored(e))),
          correlation_id: e.metadata.correlationId,
        };
      });
    if (rows.length) await tx.insertInto(table('audit_log')).values(rows).execute();
  },
};
