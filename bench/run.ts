// npm run bench [-- append|catchup|lag|all] [--quick] [--write|--no-write]
//
// Event-store benchmarks on the PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432), each
// part in fresh databases that it creates and drops. Prints a markdown report; a full run also records it in
// docs/performance.md (between the bench:event-store markers) and bench/results/event-store.json.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { withDatabase } from '../commands/db/pool.ts';
import { type AppendResult, FULL_APPEND, QUICK_APPEND, runAppendBench } from './append.ts';
import { type CatchupResult, FULL_CATCHUP, QUICK_CATCHUP, runCatchupBench } from './catchup.ts';
import { FULL_LAG, type LagResult, QUICK_LAG, runLagBench } from './lag.ts';
import { printable, readResults, renderSection, type Stamped, writeResults, writeSection } from './report.ts';
import {
  assertLocal,
  createdDatabases,
  DATABASE_PREFIX,
  databaseAge,
  machineBusy,
  machineInfo,
  quietGate,
  serverUrl,
} from './support.ts';

const PARTS = ['append', 'catchup', 'lag'] as const;
type Part = (typeof PARTS)[number];

const root = resolve(import.meta.dirname, '..');
const DOC = resolve(root, 'docs/performance.md');
const RESULTS = resolve(root, 'bench/results/event-store.json');

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: npm run bench [-- append|catchup|lag|all] [--quick] [--write|--no-write]');
  process.exit(2);
}

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const words = args.filter((a) => !a.startsWith('--'));
for (const f of flags) if (!['--quick', '--write', '--no-write'].includes(f)) usage(`unknown option ${f}`);
for (const w of words) if (w !== 'all' && !PARTS.includes(w as Part)) usage(`unknown part ${w}`);
const parts: Part[] = words.length === 0 || words.includes('all') ? [...PARTS] : PARTS.filter((p) => words.includes(p));
const quick = flags.has('--quick');
// A smoke run's figures are not worth keeping; a full run's are, unless told otherwise.
const write = flags.has('--write') || (!quick && !flags.has('--no-write'));
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;

const server = serverUrl();
assertLocal(server);

/** Drop what this run created when interrupted (a SIGKILL leaves bench_es_* databases behind; see cleanLeftovers). */
let interrupted = false;
async function cleanup(): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect().catch(() => {});
  for (const name of createdDatabases) {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`).catch(() => {});
  }
  await admin.end().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: dropping the benchmark databases…`);
    void cleanup().finally(() => process.exit(130));
  });
}

/**
 * Our databases that are over an hour old and that nobody is connected to are leftovers of a killed run: drop them.
 * Never other bench_ databases (other benchmarks share the server), nor those of a run in progress.
 */
async function cleanLeftovers(): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database d where starts_with(datname, $1)
          and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
      [DATABASE_PREFIX],
    );
    for (const { datname } of rows) {
      const age = databaseAge(datname);
      if (age === null || age < 3600) continue;
      console.log(`dropping leftover database ${datname}`);
      await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)}`);
    }
  } finally {
    await admin.end();
  }
}

const log = (line: string) => console.log(line);
const started = performance.now();
await cleanLeftovers();
const machine = await machineInfo(withDatabase(server, 'postgres'));
const busy = await machineBusy(quick ? 300 : 1000);
console.log(
  `event-store benchmarks: ${parts.join(', ')}${quick ? ' (quick)' : ''} on ${new URL(server).host}; ` +
    `machine ${Math.round(busy * 100)}% busy before the start`,
);
if (busy > 0.15) console.log('  note: other work is running on this machine; the figures will be lower and noisier');

const results = write ? readResults(RESULTS) : {};
const fresh: typeof results = {};
// Up to 30 s of the run may go to waiting for other work on the machine to calm down (none in a smoke run).
const quiet = quietGate(quick ? 0 : 30_000);

async function timed<T>(f: () => Promise<T>): Promise<Stamped<T>> {
  const t = performance.now();
  const result = await f();
  return { machine, command, seconds: (performance.now() - t) / 1000, busyAtStart: busy, result };
}

try {
  for (const part of parts) {
    console.log(`\n▶ ${part}`);
    if (part === 'append') {
      fresh.append = await timed<AppendResult>(() => runAppendBench(quick ? QUICK_APPEND : FULL_APPEND, log, quiet));
    } else if (part === 'catchup') {
      await quiet();
      fresh.catchup = await timed<CatchupResult>(() => runCatchupBench(quick ? QUICK_CATCHUP : FULL_CATCHUP, log));
    } else {
      await quiet();
      fresh.lag = await timed<LagResult>(() => runLagBench(quick ? QUICK_LAG : FULL_LAG, log));
    }
  }
} catch (e) {
  console.error(e);
  await cleanup();
  process.exit(1);
}

console.log(`\n${printable(fresh, parts)}\n`);
if (write) {
  const merged = { ...results, ...fresh };
  writeResults(RESULTS, merged);
  writeSection(DOC, renderSection(merged));
  // The project lints markdown and JSON with biome: leave both files as its formatter would (tables aligned).
  try {
    execFileSync(resolve(root, 'node_modules/.bin/biome'), ['format', '--write', DOC, RESULTS], { stdio: 'ignore' });
  } catch {
    console.log('note: biome format failed; run `npx biome format --write docs/performance.md` before linting');
  }
  console.log(`written: docs/performance.md (section bench:event-store), bench/results/event-store.json`);
} else {
  console.log('not written (smoke run; add --write to record it)');
}
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
