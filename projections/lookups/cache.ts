import type { Kysely } from 'kysely';
import type { Position } from '../../commands/event-store/port.ts';
import { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import type { RunnerDB } from '../runner/projection.ts';
import { waitForPosition } from '../runner/status.ts';
import { sharedLoads } from '../shared/shared-loads.ts';
import { allLookups, type LookupsDB, lookupsVersion } from './queries.ts';

/**
 * The master data of this process: a snapshot of rm.lookups, reloaded only when the lookups projection has applied a
 * lookup event since (one single-row read when nothing changed). Concurrent callers share one check.
 */
export class LookupCache {
  private snap = new LookupSnapshot({});
  private version: string | null | undefined;

  private readonly db: Kysely<LookupsDB & RunnerDB>;
  private atLeast: Position | null;
  private readonly waitMs: number;

  constructor(db: Kysely<LookupsDB & RunnerDB>, opts: { atLeast?: Position; waitMs?: number } = {}) {
    this.db = db;
    this.atLeast = opts.atLeast ?? null;
    this.waitMs = opts.waitMs ?? 10_000;
  }

  /** The last snapshot loaded, synchronously (empty before the first `current()`). */
  get snapshot(): LookupSnapshot {
    return this.snap;
  }

  /** The snapshot as of the read model now: after a `readAfter` wait it includes the caller's own writes. */
  readonly current: () => Promise<LookupSnapshot> = sharedLoads(() => this.refresh());

  private async refresh(): Promise<LookupSnapshot> {
    if (this.atLeast) {
      await waitForPosition(this.db, ['lookups'], this.atLeast, this.waitMs);
      this.atLeast = null;
    }
    const version = await lookupsVersion(this.db);
    if (version === this.version) return this.snap;
    this.snap = new LookupSnapshot(await allLookups(this.db));
    this.version = version;
    return this.snap;
  }
}
