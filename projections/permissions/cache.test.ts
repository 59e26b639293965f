import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Role } from '../../domain/shared/roles.ts';
import type { AnyDB } from '../runner/projection.ts';
import { PermissionCache } from './cache.ts';
import type { RolePermissionRow } from './queries.ts';

/**
 * A checkpoint and matrix held in memory. A checkpoint read sees the database as it is when the read begins (and the
 * matrix read after it sees the same moment), but answers only when the test lets it.
 */
function fakeReads() {
  const state = { at: '1:1.1', rows: [] as RolePermissionRow[], checkpointReads: 0, rowReads: 0 };
  const pending: (() => void)[] = [];
  let seen: RolePermissionRow[] = [];
  return {
    state,
    /** Answer the checkpoint reads on the wire now. */
    answer: () => {
      for (const go of pending.splice(0)) go();
    },
    reads: {
      checkpoint: () => {
        state.checkpointReads++;
        const { at, rows } = state;
        return new Promise<string>((resolve) =>
          pending.push(() => {
            seen = rows;
            resolve(at);
          }),
        );
      },
      rows: async () => {
        state.rowReads++;
        return seen;
      },
    },
  };
}
const db = {} as Kysely<AnyDB>;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the permission cache', () => {
  it('reloads the matrix only when the checkpoint moved', async () => {
    const f = fakeReads();
    const cache = new PermissionCache(db, f.reads);
    f.state.rows = [{ role: Role.Staff, screen: 'dashboard', actions: ['View'] }];
    const first = cache.fresh();
    f.answer();
    expect((await first).can(Role.Staff, 'Dashboard')).toBe(true);
    const again = cache.fresh();
    await tick();
    f.answer();
    await again;
    expect(f.state).toMatchObject({ checkpointReads: 2, rowReads: 1 });
  });

  it('answers a caller who comes while a read is on the wire with a read begun after it, shared with the others', async () => {
    const f = fakeReads();
    const cache = new PermissionCache(db, f.reads);
    f.state.rows = [{ role: Role.Staff, screen: 'statistics', actions: ['View'] }];
    const early = cache.fresh();
    await tick();
    // A revocation lands while the first read is on the wire: the callers that come now must see it.
    f.state.at = '1:2.2';
    f.state.rows = [];
    const late = [cache.fresh(), cache.fresh(), cache.fresh()];
    f.answer(); // the first read answers with the checkpoint of its time
    await tick();
    f.answer(); // the one read shared by the three late callers
    expect((await early).can(Role.Staff, 'statistics')).toBe(true);
    for (const snapshot of await Promise.all(late)) expect(snapshot.can(Role.Staff, 'statistics')).toBe(false);
    expect(f.state.checkpointReads).toBe(2);
  });
});
