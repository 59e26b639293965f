// Markdown for the event-store benchmarks: printed to stdout and kept in docs/performance.md between the
// bench:event-store markers (other benchmark sections may live in the same file).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type AppendCell, type AppendResult, SYSTEM_LABEL, type SystemName } from './append.ts';
import type { CatchupResult } from './catchup.ts';
import type { LagResult } from './lag.ts';
import { type Evidence, formatWaits, type MachineInfo } from './support.ts';

export interface Stamped<T> {
  machine: MachineInfo;
  /** The command line that produced it, e.g. "npm run bench -- append". */
  command: string;
  /** Wall time of this part, set-up and tear-down included. */
  seconds: number;
  /** Busy share (0–1) of the whole machine in the second before the run started: other work skews the figures. */
  busyAtStart?: number;
  result: T;
}

export interface Results {
  append?: Stamped<AppendResult>;
  catchup?: Stamped<CatchupResult>;
  lag?: Stamped<LagResult>;
}

export const START_MARK = '<!-- bench:event-store:start -->';
export const END_MARK = '<!-- bench:event-store:end -->';

const TARGET = { vsEmmett: 2, vsRaw: 0.8, catchup: 100_000 };

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const ms = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '–');
const ratio = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '–');
const pct = (n: number) => `${Math.round(100 * n)}%`;
const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');

function runLine(s: Stamped<unknown>): string {
  const m = s.machine;
  return (
    `Run: ${m.date.slice(0, 16).replace('T', ' ')} UTC, \`${s.command}\`, this part took ${Math.round(s.seconds)} s. ` +
    `Machine: ${m.nproc} cores (nproc; ${m.cpu}), ${m.memory}, Node ${m.node}, ` +
    `${m.postgres.replace(/ on .*$/, '')} on the same machine (${m.settings})` +
    (s.busyAtStart === undefined ? '.' : `; the machine was ${pct(s.busyAtStart)} busy just before the run started.`)
  );
}

function cell(r: AppendResult, system: SystemName, clients: number, batch: number): AppendCell | undefined {
  return r.cells.find((c) => c.system === system && c.clients === clients && c.batch === batch);
}

/** ours ÷ other, by appends per second, for one configuration. */
function vs(r: AppendResult, other: SystemName, clients: number, batch: number): number {
  const a = cell(r, 'ours', clients, batch);
  const b = cell(r, other, clients, batch);
  return a && b ? a.appendsPerSec / b.appendsPerSec : Number.NaN;
}

/** The cells measured, in the tables' order: by events per append, then clients, then system (raw, ours, emmett). */
function cellsInOrder(r: AppendResult, st: { batches: readonly number[]; clients: readonly number[] }) {
  return st.batches.flatMap((batch) =>
    st.clients.flatMap((clients) =>
      (['raw', 'ours', 'emmett'] as const).flatMap((sys) => {
        const c = cell(r, sys, clients, batch);
        return c ? [{ batch, clients, sys, c }] : [];
      }),
    ),
  );
}

const perAppend = (cpu: number, c: AppendCell) => (1000 * cpu) / c.appendsPerSec;

function cpuLine(e: Evidence): string {
  return `Node ${e.cpu.node.toFixed(2)}, backends ${e.cpu.backends.toFixed(2)}, other ${e.cpu.other.toFixed(2)}, idle ${e.cpu.idle.toFixed(2)}`;
}

function appendSection(s: Stamped<AppendResult>): string[] {
  const r = s.result;
  const st = r.settings;
  const out: string[] = [];
  out.push('### Append throughput', '');
  out.push(runLine(s), '');
  out.push(
    `Settings: closed loop (each client awaits its append, then sends the next); ${st.warmupMs / 1000} s warm-up then ` +
      `${st.measureMs / 1000} s measured per cell; pg pool of ${st.poolSize} connections for every system; each client ` +
      `writes only its own streams, a new stream every ${st.appendsPerStream} appends. Events: ~${r.payload.dataBytes} ` +
      `bytes of JSON data and ~${r.payload.metadataBytes} bytes of metadata (actorId, actorRole, correlationId, ` +
      'causationId, occurredAt, clientCode). Every cell runs in a fresh database; the three systems of one ' +
      'configuration run one after another in one process, in the rotating order shown (order effects exist: ' +
      'the machine warms up, autovacuum and other work on the machine come and go).',
    '',
  );
  out.push(
    '- **raw INSERT**: one `INSERT … VALUES (…), (…)` of the same rows into a table with the same columns ' +
      '(stream id text, stream position bigint, event id uuid, type, data jsonb, metadata jsonb), the same primary ' +
      'key (stream id, position) and unique event id; autocommit. No stream row, no global position, no ' +
      'transaction id, no optimistic check: the physical floor.',
    '- **ours**: `PostgresEventStore.append(stream, events, { expectedRevision })` with the revision returned by the ' +
      "previous append of that stream ('no_stream' first), running as the application role.",
    '- **emmett**: `@event-driven-io/emmett-postgresql` 0.42.0 `getPostgreSQLEventStore(url, { connectionOptions: ' +
      '{ pool } }).appendToStream(stream, events, { expectedStreamVersion })` with the previous `nextExpectedStreamVersion` ' +
      "('STREAM_DOES_NOT_EXIST' first), on a database of its own.",
    '',
  );
  out.push('| events/append | clients | system | order | appends/s | events/s | p50 ms | p99 ms | max ms |');
  out.push('|---:|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const { batch, clients, sys, c } of cellsInOrder(r, st)) {
    out.push(
      `| ${batch} | ${clients} | ${SYSTEM_LABEL[sys]} | ${c.order} | ${int(c.appendsPerSec)} | ${int(c.eventsPerSec)} | ` +
        `${ms(c.p50)} | ${ms(c.p99)} | ${ms(c.max, 1)} |`,
    );
  }
  out.push('');
  out.push('Ratios of appends/s (ours ÷ other):', '');
  out.push('| events/append | clients | ours ÷ emmett | ours ÷ raw |');
  out.push('|---:|---:|---:|---:|');
  for (const batch of st.batches) {
    for (const clients of st.clients) {
      out.push(
        `| ${batch} | ${clients} | ${ratio(vs(r, 'emmett', clients, batch))} | ${ratio(vs(r, 'raw', clients, batch))} |`,
      );
    }
  }
  out.push('');
  out.push(
    'Where the time goes, per cell (measured during the window): CPU ms per append of the Node process and of this ' +
      "database's PostgreSQL backends (from /proc), cores used by other processes (other test runs on the machine, PostgreSQL's " +
      'WAL writer, autovacuum…), WAL bytes per event (server-wide, from the WAL insert position), and the sampled states of the ' +
      'backends every 25 ms (`CPU` = running, `Client` = idle waiting for Node, `idle in transaction` = inside an ' +
      'open transaction waiting for Node, `LWLock:WALWrite`/`IO:WALSync` = waiting for the commit to reach disk).',
    '',
  );
  out.push(
    '| events/append | clients | system | Node CPU ms/append | PG CPU ms/append | other cores | idle cores | WAL B/event | backend states |',
  );
  out.push('|---:|---:|---|---:|---:|---:|---:|---:|---|');
  for (const { batch, clients, sys, c } of cellsInOrder(r, st)) {
    const e = c.evidence;
    out.push(
      `| ${batch} | ${clients} | ${sys} | ${ms(perAppend(e.cpu.node, c), 3)} | ${ms(perAppend(e.cpu.backends, c), 3)} | ` +
        `${e.cpu.other.toFixed(2)} | ${e.cpu.idle.toFixed(2)} | ${int(e.walBytes / (c.appendsPerSec * c.seconds * batch))} | ` +
        `${formatWaits(e.waits)} |`,
    );
  }
  out.push('');
  return out;
}

function catchupSection(s: Stamped<CatchupResult>): string[] {
  const r = s.result;
  const out: string[] = ['### Projection catch-up', ''];
  out.push(runLine(s), '');
  out.push(
    `Pre-filled ${int(r.fill.events)} events through ${r.fill.how} (${int(r.fill.eventsPerSec)} events/s, ` +
      `${r.fill.seconds.toFixed(1)} s), then \`vacuum (analyze)\` of the event tables (as autovacuum would have done ` +
      'before a rebuild). Each run is a new `appliedLogProjection` (one multi-row insert per batch, checkpoint in the ' +
      'same transaction) timed over `runUntilCaughtUp()`, in the order listed. The split: `read` = `headPosition()` + ' +
      '`readAll()` as the runner sees them (query, transfer and decoding into events), `apply` = the insert, ' +
      '`rest` = checkpoint update, transaction and runner overhead.',
    '',
  );
  out.push(
    '| # | batch size | events | seconds | events/s | read | apply | rest | CPU cores: Node / backends / other / idle |',
  );
  out.push('|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const [i, run] of r.runs.entries()) {
    const t = run.seconds * 1000;
    const e = run.evidence.cpu;
    out.push(
      `| ${i + 1} | ${run.batchSize} | ${int(run.events)}${run.capped ? ` of ${int(r.fill.events)}, **stopped at its ${Math.round((run.capMs ?? r.settings.runCapMs) / 1000)} s cap**` : ''} | ` +
        `${run.seconds.toFixed(2)} | ${int(run.eventsPerSec)} | ` +
        `${pct(run.split.read / t)} | ${pct(run.split.apply / t)} | ${pct(run.split.rest / t)} | ` +
        `${e.node.toFixed(2)} / ${e.backends.toFixed(2)} / ${e.other.toFixed(2)} / ${e.idle.toFixed(2)} |`,
    );
  }
  out.push('', CPU_NOTE, '');
  if (r.readAllPlan) {
    const p = r.readAllPlan;
    const exec = p.plan.find((l) => l.startsWith('Execution Time'));
    out.push(
      `The adapter's \`readAll\` statement as sent by the runner (captured), with the parameters of the call after ` +
        `${int(p.afterEvents)} events (batch ${p.batchSize}), under \`EXPLAIN (ANALYZE, BUFFERS)\` once the runs were ` +
        `done (${exec ?? 'no execution time'}):`,
      '',
      '```sql',
      p.sql,
      '```',
      '',
      '```',
      ...p.plan,
      '```',
      '',
    );
  }
  if (r.skipped.length) {
    out.push(
      `Not run, the catch-up time budget (${r.settings.budgetMs / 1000} s for all runs) being spent: batch size ` +
        `${r.skipped.join(', ')}.`,
      '',
    );
  }
  return out;
}

function otherTx(run: LagResult['runs'][number]): string {
  const o = run.otherTransactions;
  if (!o) return '–';
  const share = o.samples ? ` (> 100 ms in ${pct(o.samplesOver100ms / o.samples)} of samples)` : '';
  return o.maxMs > 0 ? `${int(o.maxMs)} ms${o.database ? ` in ${o.database}` : ''}${share}` : 'none';
}

function lagSection(s: Stamped<LagResult>): string[] {
  const r = s.result;
  const st = r.settings;
  const out: string[] = ['### Live lag under write load', ''];
  out.push(runLine(s), '');
  out.push(
    `A started \`ProjectionRunner\` (\`appliedLogProjection\`, batch ${st.batchSize}, idlePollMs ${st.idlePollMs}) ` +
      `while ${st.writers} writers append ${st.eventsPerAppend}-event appends paced at ${st.ratePerWriter}/s each ` +
      `(target ${st.writers * st.ratePerWriter} appends/s) for ${st.seconds} s. For every ${st.sampleEvery}th append, ` +
      "lag = time from the append's return until `rm.projection_checkpoints` shows the live checkpoint at or past " +
      `its position, read by one watcher every ${st.probeEveryMs} ms while samples wait (so lags carry up to ` +
      `~${st.probeEveryMs} ms of measuring granularity). Modes: **in-process** = the runner shares the writers' store, ` +
      "so its in-process 'appended' hint wakes it at once (the embedded default: API and worker in one process); " +
      '**separate** = the runner has a store of its own, as a worker process would, and finds new events only by ' +
      `polling every ${st.idlePollMs} ms; **separate, NOTIFY** = the same with the cross-process append hints ` +
      '(PostgreSQL LISTEN/NOTIFY) on both stores, as the runtime has them, so the hint wakes it. readAll only returns events below the cluster-wide xmin, so a transaction ' +
      'left open in any database of the server holds the projection back: the column "longest other transaction" ' +
      'is the oldest transaction with an xid in another database, sampled every 50 ms during the run.',
    '',
  );
  out.push(
    '| mode | appends/s (target) | events/s | append p50 / p99 ms | samples | lag p50 ms | lag p90 ms | lag p99 ms | lag max ms | longest other transaction | CPU cores: Node / backends / other / idle |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const run of r.runs) {
    const e = run.evidence.cpu;
    out.push(
      `| ${run.mode} | ${int(run.appendsPerSec)} (${st.writers * st.ratePerWriter}) | ${int(run.eventsPerSec)} | ` +
        `${ms(run.appendP50)} / ${ms(run.appendP99)} | ${run.samples}${run.timeouts ? ` (+${run.timeouts} timed out)` : ''} | ` +
        `${ms(run.lagP50, 1)} | ${ms(run.lagP90, 1)} | ${ms(run.lagP99, 1)} | ${ms(run.lagMax, 1)} | ` +
        `${otherTx(run)} | ` +
        `${e.node.toFixed(2)} / ${e.backends.toFixed(2)} / ${e.other.toFixed(2)} / ${e.idle.toFixed(2)} |`,
    );
  }
  out.push('', CPU_NOTE, '');
  return out;
}

function targetsSection(res: Results): string[] {
  const out: string[] = ['### Targets', ''];
  out.push('| target | measured | goal | |');
  out.push('|---|---|---|---|');
  const a = res.append?.result;
  if (a) {
    for (const [other, goal, label] of [
      ['emmett', TARGET.vsEmmett, 'our append ÷ emmett-postgresql, 16 clients'],
      ['raw', TARGET.vsRaw, 'our append ÷ raw INSERT baseline, 16 clients'],
    ] as const) {
      const values = a.settings.batches.map((b) => ({ b, v: vs(a, other, 16, b) }));
      const met = values.filter((x) => x.v >= goal);
      const v =
        met.length === values.length
          ? verdict(true)
          : met.length === 0
            ? verdict(false)
            : `**met** for ${met.map((x) => `${x.b}-event`).join(', ')}, **missed** for ` +
              values
                .filter((x) => x.v < goal)
                .map((x) => `${x.b}-event`)
                .join(', ');
      out.push(`| ${label} | ${values.map((x) => `${x.b}-event: ${ratio(x.v)}`).join(', ')} | ≥ ${goal}× | ${v} |`);
    }
  } else {
    out.push('| append ratios | not run yet | | |');
  }
  const c = res.catchup?.result;
  if (c) {
    const bySize = new Map<number, string[]>();
    for (const run of c.runs) {
      const v = `${int(run.eventsPerSec)}${run.capped ? ' (stopped at the cap)' : ''}`;
      bySize.set(run.batchSize, [...(bySize.get(run.batchSize) ?? []), v]);
    }
    const parts = [...bySize].map(([b, v]) => `batch ${b}: ${v.join(' / ')}`);
    const ok = c.runs.every((r) => r.eventsPerSec >= TARGET.catchup && !r.capped);
    out.push(`| projection catch-up, events/s | ${parts.join('; ')} | ≥ ${int(TARGET.catchup)} | ${verdict(ok)} |`);
  } else {
    out.push('| projection catch-up | not run yet | | |');
  }
  const l = res.lag?.result;
  if (l) {
    out.push(
      `| live lag p50 / p99 | ${l.runs.map((r) => `${r.mode}: ${ms(r.lagP50, 1)} / ${ms(r.lagP99, 1)} ms at ${int(r.appendsPerSec)} appends/s`).join('; ')} | reported | |`,
    );
  } else {
    out.push('| live lag | not run yet | | |');
  }
  out.push('');
  return out;
}

const CPU_NOTE =
  "CPU cores (2.00 = both): the Node process / this database's client backends / everything else (PostgreSQL's " +
  'parallel query workers, autovacuum and WAL writer, other work on the machine) / idle.';

export function renderSection(res: Results): string {
  const lines: string[] = [START_MARK, '## Event store', ''];
  lines.push(
    'Generated by `npm run bench` (bench/run.ts), which rewrites everything between the `bench:event-store` markers; ' +
      'the last figures of each part are kept in `bench/results/event-store.json`. Run one part with ' +
      '`npm run bench -- append` (or `catchup`, `lag`; default `all`); `npm run bench -- --quick` is a ~20 s smoke run ' +
      'that only prints (add `--write` to record it). Every database is created fresh on the PostgreSQL server of ' +
      '`DATABASE_URL` (default postgres://postgres@127.0.0.1:5432) and dropped afterwards.',
    '',
  );
  lines.push(...targetsSection(res));
  if (res.append) lines.push(...appendSection(res.append));
  if (res.catchup) lines.push(...catchupSection(res.catchup));
  if (res.lag) lines.push(...lagSection(res.lag));
  lines.push(END_MARK);
  return lines.join('\n');
}

export function printable(res: Results, parts: readonly string[]): string {
  const only: Results = {};
  if (parts.includes('append') && res.append) only.append = res.append;
  if (parts.includes('catchup') && res.catchup) only.catchup = res.catchup;
  if (parts.includes('lag') && res.lag) only.lag = res.lag;
  return renderSection(only);
}

export function readResults(path: string): Results {
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as Results;
}

export function writeResults(path: string, res: Results): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(res, null, 2)}\n`);
}

/** Replace the section between the markers, or append it (creating the file) when missing. */
export function writeSection(docPath: string, section: string): void {
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Performance\n';
  const a = doc.indexOf(START_MARK);
  const b = doc.indexOf(END_MARK);
  if (a >= 0 && b > a) {
    doc = doc.slice(0, a) + section + doc.slice(b + END_MARK.length);
  } else {
    doc = `${doc.trimEnd()}\n\n${section}\n`;
  }
  mkdirSync(dirname(docPath), { recursive: true });
  writeFileSync(docPath, doc);
}

export { cpuLine, TARGET };
