import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { opportunityEvents } from '../../domain/opportunity/decide.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { int4 } from '../runner/values.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * rm.owned_opportunities: who owns each event — its creator, the actor of its OpportunityCreated (the definition
 * itself names no creator) — and the department it is in. A department change reads here which events move.
 */
export const ownedOpportunitiesProjection: Projection = {
  name: 'owned-opportunities',
  version: 1,
  types: ['OpportunityCreated', 'OpportunityDeleted', 'OpportunityDepartmentChanged'],
  ...readModelTables(
    {
      owned_opportunities: `
        opportunity_id uuid primary key,
        owner_id uuid not null,
        department_id int,
        deleted boolean not null default false`,
    },
    (table) => {
      const t = table('owned_opportunities');
      return `
      create index on ${t} (owner_id) where not deleted`;
    },
  ),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('owned_opportunities'));
    for (const stored of events) {
      const e = decode(opportunityEvents, stored);
      const id = stored.streamId.slice('opportunity-'.length);
      if (!e || !UUID.test(id)) continue;
      switch (e.type) {
        case 'OpportunityCreated': {
          // Events created by the system (no actor, or not a user) belong to nobody's department.
          const owner = stored.metadata.actorId;
          if (!owner || !UUID.test(owner)) break;
          await sql`insert into ${t} (opportunity_id, owner_id) values (${id}, ${owner}) on conflict do nothing`.execute(
            tx,
          );
          break;
        }
        case 'OpportunityDeleted':
          await sql`update ${t} set deleted = true where opportunity_id = ${id}`.execute(tx);
          break;
        case 'OpportunityDepartmentChanged':
          await sql`update ${t} set department_id = ${int4(e.data.departmentId)} where opportunity_id = ${id}`.execute(
            tx,
          );
          break;
      }
    }
  },
};
