import type { Opportunity } from '../../domain/opportunity/decide.ts';
import type { JoinTarget } from '../../domain/participation/join.ts';

/**
 * The event as the join rules read it, from the fold of its stream (a join never reads a read model that may lag
 * behind a command). The join route and the Emmett peer (bench/peer/app.ts) both check it so.
 */
export function joinTargetOf(o: Opportunity): JoinTarget {
  const d = o.details!;
  return {
    deleted: o.status === 4,
    approved: o.approval === 'approved',
    endDate: d.endDate,
    registrationEnd: d.registrationEnd,
    visibility: d.visibility,
    regionIds: d.regionIds,
    cityIds: d.cityIds,
    gender: d.gender,
  };
}
