import type { QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/initiatives.ts';
import type { Lookups } from '../../../../api/contracts/lookups.ts';
import { LookupSnapshot } from '../../../../domain/lookups/snapshot.ts';
import type { OpportunityDetails } from '../../../../domain/opportunity/rules.ts';
import { call, pageQuery, queryNumber } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterCommand, afterPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';
import { type InitiativesSearch, initiativesParams } from './search.ts';

export type { InitiativeRow, NewInitiative } from '../../../../api/contracts/initiatives.ts';

function queryOf(s: InitiativesSearch) {
  const p = initiativesParams(s);
  return {
    after: afterPosition(),
    ...pageQuery(p),
    code: p.code,
    name: p.name,
    status: queryNumber(p.status),
    year: queryNumber(p.year),
  };
}

/** The proposer's own initiatives, or (managing) every one the caller's areas cover. */
export const initiativesQuery = (s: InitiativesSearch, manage: boolean) =>
  endpointQuery(['initiatives', manage ? 'all' : 'mine', s], manage ? C.initiatives : C.myInitiatives, () => ({
    query: queryOf(s),
  }));

export const initiativeQuery = (id: string) => readYourWritesQuery(['initiatives', 'one', id], C.initiative, { id });

/** The answer once this tab's reads include it. */
const settled = <T extends { position: string }>(qc: QueryClient, done: Promise<T>) =>
  afterCommand(qc, ['initiatives'], done);

export const proposeInitiative = (qc: QueryClient, body: C.NewInitiative) =>
  settled(qc, call(C.proposeInitiative, { body }));
export const rejectInitiative = (qc: QueryClient, id: string, reason: string) =>
  settled(qc, call(C.rejectInitiative, { params: { id }, body: { reason } }));
export async function approveInitiative(qc: QueryClient, id: string, details: OpportunityDetails) {
  const res = await settled(qc, call(C.approveInitiative, { params: { id }, body: details }));
  void qc.invalidateQueries({ queryKey: ['events'] });
  return { opportunityId: res.eventId, position: res.position };
}

const snapshots = new WeakMap<Lookups, LookupSnapshot>();
/** Regions and cities (each city in its region) as the domain's rules take them: the server's own check. */
export function placesOf(l: Lookups): LookupSnapshot {
  let s = snapshots.get(l);
  if (!s) {
    const row = (i: { id: number; nameAr: string; nameEn: string }, parentId: number | null) => ({
      ...i,
      parentId,
      flags: {},
      active: true,
    });
    s = new LookupSnapshot({
      region: l.regions.map((r) => row(r, null)),
      city: l.cities.map((c) => row(c, c.regionId)),
    });
    snapshots.set(l, s);
  }
  return s;
}
