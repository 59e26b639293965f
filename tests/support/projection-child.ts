// A projection runner in a process of its own, for the crash-safety test: it runs until it is killed.
import { createKysely, createPool } from '../../commands/db/pool.ts';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import { totalsProjection } from '../../projections/runner/test-projections.ts';

const [url, role, name, type, batch] = process.argv.slice(2);
const pool = createPool(url!, { max: 4, role: role === '-' ? null : role! });
const store = new PostgresEventStore(pool);
const runner = new ProjectionRunner(store, pool, createKysely(pool), totalsProjection(name!, [type!]), {
  batchSize: Number(batch),
  idlePollMs: 10,
  lockRetryMs: 50,
});
runner.start();
process.stdout.write('started\n');
