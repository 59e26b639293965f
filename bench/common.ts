// What bench/registration.ts and bench/events.ts share: the portal under load, percentiles, a measured closed loop and
// the CPU split of its window, timed query shapes, and writing their section of docs/performance.md between its markers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../api/app.ts';
import { newToken } from '../api/http/sessions.ts';
import { type CoalescerStats, coalescerTotals } from '../commands/db/coalesce.ts';
import { waitForPosition } from '../projections/runner/status.ts';
import { createRuntime, depsFrom, type Runtime } from '../workers/runtime.ts';
import { type LoadSpec, runLoad } from './load.ts';
import { assertLocal, freshDatabase, type MachineInfo, machineInfo } from './support.ts';

export const percentile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
export const ms = (n: number) => n.toFixed(2);

/** The command line: `--quick` for the short run; the parts named (none: every part) are the ones `want` says yes to. */
export function benchArgs(args = process.argv.slice(2)) {
  const parts = args.filter((a) => !a.startsWith('--'));
  const quick = args.includes('--quick');
  return {
    quick,
    want: (p: string) => parts.length === 0 || parts.includes(p),
    /** A full run writes its section of docs/performance.md; a quick one only prints it, unless `--write`. */
    write: !quick || args.includes('--write'),
  };
}

/** A closed loop's row of the load tables: label, commands/s, p50 and p99 in ms, errors, where the CPU went. */
export const loadRow = (label: string, r: { rate: number; lat: readonly number[]; errors: number; cpuText: string }) =>
  `| ${label} | ${r.rate.toFixed(0)} | ${ms(percentile(r.lat, 50))} | ${ms(percentile(r.lat, 99))} | ${r.errors} | ${r.cpuText} |`;

function machineTicks(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Cores used over a window: by this process (Node: API, projections, jobs), by the load generator when its cores are
 * given, by everything else (PostgreSQL, the kernel's share, other work on the machine), idle.
 */
export function cpuWindow() {
  const m0 = machineTicks();
  const p0 = process.cpuUsage();
  const t0 = performance.now();
  const window = (clientCores?: number) => {
    const m1 = machineTicks();
    const p1 = process.cpuUsage(p0);
    const seconds = (performance.now() - t0) / 1000;
    const cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
    const machineCores = ((m1.busy - m0.busy) / (m1.total - m0.total)) * cores;
    const nodeCores = (p1.user + p1.system) / 1e6 / seconds;
    const otherCores = Math.max(0, machineCores - nodeCores - (clientCores ?? 0));
    const idleCores = Math.max(0, cores - machineCores);
    const client = clientCores === undefined ? '' : ` / load generator ${clientCores.toFixed(2)}`;
    return {
      nodeCores,
      otherCores,
      idleCores,
      text: `Node ${nodeCores.toFixed(2)}${client} / PostgreSQL and the rest ${otherCores.toFixed(2)} / idle ${idleCores.toFixed(2)} cores`,
    };
  };
  /** Seconds since the window opened. */
  window.seconds = () => (performance.now() - t0) / 1000;
  return window;
}

/** Replace this benchmark's section of docs/performance.md (between its markers), or append it. */
export function writeDocSection(name: string, section: string): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const body = `${start}\n${section}\n${end}`;
  const docPath = resolve(import.meta.dirname, '..', 'docs', 'performance.md');
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Performance\n';
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  doc = a >= 0 && b > a ? doc.slice(0, a) + body + doc.slice(b + end.length) : `${doc.trimEnd()}\n\n${body}\n`;
  writeFileSync(docPath, doc);
  // The project's formatter formats Markdown too: leave the file as `biome check` wants it.
  execFileSync(resolve(import.meta.dirname, '..', 'node_modules', '.bin', 'biome'), ['format', '--write', docPath], {
    stdio: 'ignore',
  });
  return docPath;
}

/**
 * A portal benchmark's section of docs/performance.md: its heading, how it was generated (`generated`, ending in a
 * space), when it ran and for how long since `t0`, the machine, then the parts' lines. Printed; written when `write`.
 */
function portalSection(
  name: string,
  heading: string,
  generated: string,
  info: MachineInfo,
  t0: number,
  out: readonly string[],
  write: boolean,
): void {
  const section = [
    heading,
    '',
    generated +
      `Run ${info.date.slice(0, 16).replace('T', ' ')} UTC in ${((Date.now() - t0) / 1000).toFixed(0)} s. Machine: ${info.nproc} cores (${info.cpu}), ${info.memory}, Node ${info.node}, ${info.postgres.split(' on ')[0]} on the same machine (${info.settings}). The portal runs in the benchmark's own process on a fresh database.`,
    '',
    ...out,
  ].join('\n');
  console.log(`\n${section}`);
  if (write) console.log(`written: ${writeDocSection(name, section)}`);
}

/**
 * Time each query shape (its label and what `url` makes of its query) `repeats` times in a row, after 20 warm-up
 * calls, through HTTP from one client (with the session's cookie, if any): the latency table (label, p50, p99), its
 * "all shapes" line and whether p99 met the target.
 */
export async function timedShapes(
  prefix: string,
  shapes: readonly [label: string, query: string][],
  url: (query: string) => string,
  run: { repeats: number; target: string; session?: { cookie: string } },
  targetMs = 20,
): Promise<string[]> {
  const { repeats, target } = run;
  const headers: Record<string, string> = run.session ? { cookie: run.session.cookie } : {};
  const rows: string[] = [];
  const all: number[] = [];
  for (const [label, query] of shapes) {
    const lat: number[] = [];
    for (let i = 0; i < repeats + 20; i++) {
      const s = performance.now();
      const res = await fetch(url(query), { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
      if (i >= 20) lat.push(performance.now() - s);
    }
    all.push(...lat);
    rows.push(`| ${label} | ${ms(percentile(lat, 50))} | ${ms(percentile(lat, 99))} |`);
    console.log(`${prefix} ${label}: p50 ${ms(percentile(lat, 50))} ms, p99 ${ms(percentile(lat, 99))} ms`);
  }
  return [
    '| query | p50 ms | p99 ms |',
    '|---|---:|---:|',
    ...rows,
    `| **all shapes** | **${ms(percentile(all, 50))}** | **${ms(percentile(all, 99))}** |`,
    '',
    `${target} p99 < ${targetMs} ms: **${percentile(all, 99) < targetMs ? 'met' : 'missed'}**.`,
    '',
  ];
}

/** The API of a benchmark's runtime on a port of its own, without rate limits (the load is the point). */
export async function listeningApp(runtime: Runtime): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp(depsFrom(runtime, 2000), {
    logLevel: 'silent',
    webDist: null,
    loginRateLimit: 1e9,
    registrationRateLimit: 1e9,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/**
 * The whole portal in the benchmark's process on a fresh database, its API on a port of its own, the machine's facts,
 * and sessions made the way login makes them (the benchmark skips the password hashing, which is not what it measures).
 */
export async function benchPortal(label: string, opts: { schedules?: boolean } = {}) {
  const db = await freshDatabase(label);
  assertLocal(db.url);
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
  const runtime = await createRuntime({ databaseUrl: db.url, dataDir, poolSize: 24, ...opts });
  await runtime.startWorkers();
  const { app, base } = await listeningApp(runtime);
  const info = await machineInfo(db.url);
  return {
    db,
    dataDir,
    runtime,
    app,
    base,
    info,
    /** Until the projections' runner has created a read model's table (`rm.<name>`), at most ten seconds. */
    async waitForTable(name: string) {
      for (let i = 0; i < 500; i++) {
        const { rows } = await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(runtime.db);
        if (rows[0]?.t) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** A steady state: the projections first finish what the setup (or the previous phase) left them. */
    async caughtUp() {
      await waitForPosition(
        runtime.db,
        runtime.projections.map((p) => p.name),
        await runtime.store.lastPosition(),
        600_000,
      );
    },
    async sessionFor(userId: string, roleId: number) {
      const csrfToken = newToken();
      const sid = await runtime.sessions.create({ userId, roleId: roleId as 1, csrfToken, mustChangePassword: false });
      return { cookie: `sid=${sid}`, csrfToken };
    },
    async close() {
      await app.close();
      await runtime.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type BenchPortal = Awaited<ReturnType<typeof benchPortal>>;

/**
 * A portal benchmark from start to end: the portal up, its parts run (each adds its lines to `out`), the section
 * printed (written when `section.write`), the portal closed.
 */
export async function portalBench(
  name: string,
  section: { heading: string; generated: string; write: boolean },
  parts: (portal: BenchPortal, out: string[]) => Promise<void>,
  opts: { schedules?: boolean } = {},
): Promise<void> {
  const portal = await benchPortal(name, opts);
  const out: string[] = [];
  const t0 = Date.now();
  try {
    await parts(portal, out);
    portalSection(name, section.heading, section.generated, portal.info, t0, out, section.write);
  } finally {
    await portal.close();
  }
}

/**
 * A closed loop (`runLoad`) with where the CPU went and how the coalescers batched, both over exactly its measured
 * window. `window.start` and `window.end` sample more over the same window; `window.otherCores(seconds)` are the cores
 * other processes (API processes) used, counted apart from this process's.
 */
export async function measuredLoad(
  spec: LoadSpec,
  window: {
    start?: () => Promise<void>;
    end?: () => Promise<void>;
    otherCores?: (seconds: number) => number;
  } = {},
) {
  let cpu: ReturnType<typeof cpuWindow> | null = null;
  let used: ReturnType<ReturnType<typeof cpuWindow>> | null = null;
  let otherCores = 0;
  let coalesced = coalescerStats();
  const load = await runLoad(spec, {
    start: async () => {
      await window.start?.();
      coalesced = coalescerStats();
      cpu = cpuWindow();
    },
    end: async (clientCores) => {
      otherCores = window.otherCores?.(cpu!.seconds()) ?? 0;
      used = cpu!(clientCores + otherCores);
      coalesced = coalescerStats(coalesced);
      await window.end?.();
    },
  });
  return { ...load, cpu: used!, otherCores, coalesced };
}

/** The coalescers' totals now, or (given earlier totals) what was added since. */
export function coalescerStats(since?: Map<string, CoalescerStats>): Map<string, CoalescerStats> {
  const out = new Map<string, CoalescerStats>();
  for (const [name, st] of coalescerTotals) {
    const b = since?.get(name);
    out.set(name, { batches: st.batches - (b?.batches ?? 0), calls: st.calls - (b?.calls ?? 0), largest: st.largest });
  }
  return out;
}

/** "appends 3.1 a round trip, …": how many calls shared each round trip. */
export function statsText(stats: Map<string, CoalescerStats>): string {
  const parts = [...stats]
    .filter(([, st]) => st.batches > 0)
    .map(([name, st]) => `${name} ${(st.calls / st.batches).toFixed(1)} a round trip`);
  return parts.length ? `calls per round trip: ${parts.join(', ')}` : 'no coalesced calls';
}
