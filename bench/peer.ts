// The join three ways in one run, through HTTP at 16 clients from the separate load process (bench/load.ts): ours (the
// portal, as bench/events.ts runs it), the Emmett peer (bench/peer/app.ts, a process of its own on its own database)
// and the floor (a bare Fastify route making three prepared queries). Rounds alternate the order, so that drift on a
// shared machine falls on all three; the ratios are the result. `--quick` smoke run (prints only; `--write` records
// it), `--profile` adds a CPU profile of each server's main thread over its last window and the database work a join,
// `--without-projections` runs our portal without its projection runners (an experiment: it prints only).
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { waitForPosition } from '../projections/runner/status.ts';
import { createRuntime } from '../workers/runtime.ts';
import { listeningApp, ms, percentile, writeDocSection } from './common.ts';
import { type JoinPair, joinJob, prepareOurJoins } from './join-setup.ts';
import { processCpuSeconds, runLoad } from './load.ts';
import { type ProfileSummary, startProfile, summaryText } from './peer/profile.ts';
import type { FromServer, ToServer } from './peer/server.ts';
import { assertLocal, freshDatabase, machineInfo, serverUrl } from './support.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const profile = args.includes('--profile');
/** An experiment, not a mode: our portal without its projection runners and jobs, to split the command path's cost. */
const withoutProjections = args.includes('--without-projections');
const CLIENTS_N = 16;
const SECONDS = quick ? 3 : 6;
const roundsArg = args.indexOf('--rounds');
const ROUNDS = roundsArg >= 0 ? Number(args[roundsArg + 1]) : quick ? 1 : 6;
/** Volunteers of each system, split into one disjoint share per round: each join is a new one the rules accept. */
const VOLUNTEERS = quick ? 8_000 : 40_000;
/** Goals of the issue: ours ≥ 1.5× the peer; our fraction of the floor 0.25. */
const GOAL_VS_PEER = 1.5;
const GOAL_VS_FLOOR = 0.25;

type System = 'ours' | 'peer' | 'floor';
const LABEL: Record<System, string> = {
  ours: 'ours (the portal)',
  peer: 'Emmett peer',
  floor: 'floor (3 prepared queries)',
};

/** A child server (peer or floor) and a request/answer over its IPC channel. */
function child(mode: 'peer' | 'floor', url: string) {
  const proc: ChildProcess = fork(new URL('./peer/server.ts', import.meta.url), [mode, url], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: ((m: FromServer) => void)[] = [];
  proc.on('message', (m: FromServer) => waiting.shift()?.(m));
  const next = () => new Promise<FromServer>((r) => waiting.push(r));
  return {
    proc,
    next,
    async ask<T extends FromServer['type']>(m: ToServer, answer: T): Promise<Extract<FromServer, { type: T }>> {
      const got = next();
      proc.send(m);
      const a = await got;
      if (a.type !== answer) throw new Error(`${mode}: expected ${answer}, got ${a.type}`);
      return a as Extract<FromServer, { type: T }>;
    },
  };
}

type Elu = { idle: number; active: number; utilization: number };
const eluBetween = (a: Elu, b: Elu) => (b.active - a.active) / (b.active - a.active + b.idle - a.idle);

function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  return { busy: f.reduce((a, b) => a + b, 0) - idle, total: f.reduce((a, b) => a + b, 0) };
}

/** CPU seconds used so far by a process (0 once it is gone). */
function cpuOf(pid: number): number {
  try {
    return processCpuSeconds(pid);
  } catch {
    return 0;
  }
}

interface Window {
  system: System;
  round: number;
  rate: number;
  seconds: number;
  lat: number[];
  errors: number;
  exhausted: boolean;
  /** Main-thread event-loop utilisation of the server over the window. */
  elu: number;
  /** Cores: the server process, the load generator, everything else (PostgreSQL, other work), idle. */
  cores: { server: number; load: number; rest: number; idle: number };
  /**
   * CPU milliseconds per successful request: the server process, and the PostgreSQL backends of its database. Less
   * sensitive than requests/s to what else the shared machine runs.
   */
  cpuPerRequest: { server: number; backends: number };
  cpuSeconds: { server: number; backends: number };
  loadavg: string;
  /** Ours: how long its projections took to catch up once the window had closed. */
  catchUpMs?: number;
  profile?: ProfileSummary;
  /** With --profile: transactions and rows written per join, by table (pg_stat_database, pg_stat_user_tables). */
  work?: string;
}

async function main() {
  const t0 = Date.now();
  const oursDb = await freshDatabase('peer_ours');
  const peerDb = await freshDatabase('peer_emmett');
  // An experiment's switch: PEER_EXPLAIN=<sample rate> logs the plans of ours' statements (nested ones too: triggers,
  // foreign-key checks) to the server's log through auto_explain, loaded per session in our database only.
  if (process.env.PEER_EXPLAIN) await explainPlans(oursDb.url, Number(process.env.PEER_EXPLAIN));
  assertLocal(oursDb.url);
  assertLocal(peerDb.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-peer-'));
  const runtime = await createRuntime({ databaseUrl: oursDb.url, dataDir, poolSize: 24, schedules: false });
  if (!withoutProjections) await runtime.startWorkers();
  else {
    // The runners make their tables when they start: a runtime of their own does that once, then goes.
    const tables = await createRuntime({ databaseUrl: oursDb.url, dataDir, poolSize: 2, schedules: false });
    await tables.startWorkers();
    for (let i = 0; i < 500; i++) {
      const { rows } = await tables.pool.query<{ n: number }>(
        "select count(to_regclass(t))::int as n from unnest(array['rm.users', 'rm.registrations', 'rm.participations']) t",
      );
      if (rows[0]!.n === 3) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await tables.close();
  }
  const { app, base: ours } = await listeningApp(runtime);
  const peer = child('peer', peerDb.url);
  const peerReady = await peer.next();
  // The floor reads the peer's tables: it starts once the peer has made them.
  const floor = child('floor', peerDb.url);
  const floorReady = await floor.next();
  if (peerReady.type !== 'ready' || floorReady.type !== 'ready') throw new Error('servers did not start');
  const base: Record<System, string> = {
    ours,
    peer: `http://127.0.0.1:${peerReady.port}`,
    floor: `http://127.0.0.1:${floorReady.port}`,
  };
  const info = await machineInfo(oursDb.url);
  const monitor = new pg.Client({ connectionString: serverUrl(), application_name: 'bench-monitor' });
  await monitor.connect();
  try {
    // Setup (not timed), the same data on both sides.
    const s0 = Date.now();
    const [ourPairs, peerSetup] = await Promise.all([
      prepareOurJoins(runtime, VOLUNTEERS),
      peer.ask({ type: 'setup', volunteers: VOLUNTEERS }, 'setup'),
    ]);
    const owner = new pg.Client({ connectionString: oursDb.url });
    await owner.connect();
    // Every session last seen a minute ago, on both sides: each join's session check then moves it (a write), however
    // long the setup took.
    await owner.query("update auth.sessions set last_seen_at = now() - interval '1 minute'");
    await owner.query('vacuum analyze');
    await owner.end();
    const setupSeconds = (Date.now() - s0) / 1000;
    console.log(`setup: ${setupSeconds.toFixed(0)} s`);
    const share = (pairs: JoinPair[], round: number) =>
      pairs.filter((_, i) => i % ROUNDS === round).map((p) => joinJob(p));

    async function measure(system: System, round: number): Promise<Window> {
      if (system === 'ours' && !withoutProjections) {
        // From a steady state: the projections first finish what the setup (or the previous phase) left them.
        await waitForPosition(
          runtime.db,
          runtime.projections.map((p) => p.name),
          await runtime.store.lastPosition(),
          600_000,
        );
      }
      const server = system === 'ours' ? null : system === 'peer' ? peer : floor;
      const pid = server ? server.proc.pid! : process.pid;
      const jobs =
        system === 'ours'
          ? share(ourPairs, round)
          : system === 'peer'
            ? share(peerSetup.pairs, round)
            : peerSetup.pairs.map((p) => joinJob(p));
      const elu = async (): Promise<Elu> =>
        server ? (await server.ask({ type: 'probe' }, 'probe')).elu : performance.eventLoopUtilization();
      const profiling = profile && round === ROUNDS - 1;
      const dbName = system === 'ours' ? oursDb.name : peerDb.name;
      const backends = async () => {
        const { rows } = await monitor.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
          [dbName],
        );
        return new Map(rows.map((r) => [r.pid, cpuOf(r.pid)]));
      };
      let start = { elu: await elu(), cpu: 0, m: machineTicks(), t: 0, pg: new Map<number, number>() };
      let end = start;
      let stopOurs: (() => Promise<ProfileSummary>) | null = null;
      const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      // Backends report their counters up to 10 s after they fall idle (PGSTAT_IDLE_INTERVAL): without this wait the
      // first reading missed what the setup (8,000 sessions inserted in its last second) or the catch-up had written,
      // and those rows were counted as the window's (auth.sessions showed 1.6–6.4 rows a join for one touch).
      if (profiling && system !== 'floor') await new Promise((res) => setTimeout(res, 11_000));
      const stats0 =
        profiling && system !== 'floor' ? await dbStats(system === 'ours' ? oursDb.url : peerDb.url) : null;
      if (stats0) await statementsReset(system === 'ours' ? oursDb.url : peerDb.url);
      const r = await runLoad(
        {
          base: base[system],
          clients: CLIENTS_N,
          warmupMs: 1000,
          measureMs: SECONDS * 1000,
          count: system === 'floor' ? 1e9 : jobs.length,
          ...(system === 'floor'
            ? { factory: new URL('./peer/floor-jobs.ts', import.meta.url).href, payload: jobs }
            : { payload: jobs }),
        },
        {
          start: async () => {
            if (profiling) {
              if (server) server.proc.send({ type: 'profile-start' } satisfies ToServer);
              else stopOurs = await startProfile();
            }
            start = {
              elu: await elu(),
              cpu: processCpuSeconds(pid),
              m: machineTicks(),
              t: performance.now(),
              pg: await backends(),
            };
          },
          end: async () => {
            // The backends of both ends: a connection opened in the window counts from its start.
            const pgEnd = await backends();
            end = { elu: await elu(), cpu: processCpuSeconds(pid), m: machineTicks(), t: performance.now(), pg: pgEnd };
          },
        },
      );
      // Ours projects after the append (the peer inside it): how far behind its read models were when the window closed.
      let catchUpMs: number | undefined;
      if (system === 'ours' && !withoutProjections) {
        const c0 = performance.now();
        await waitForPosition(
          runtime.db,
          runtime.projections.map((p) => p.name),
          await runtime.store.lastPosition(),
          600_000,
        );
        catchUpMs = performance.now() - c0;
      }
      let work: string | undefined;
      if (stats0) {
        // Backends report their counters up to 10 s late when they fall idle: wait, then divide by every join of the
        // phase (warm-up included).
        await new Promise((res) => setTimeout(res, 11_000));
        work = workText(stats0, await dbStats(system === 'ours' ? oursDb.url : peerDb.url), r.succeeded.length);
        console.log(`${LABEL[system]} per join: ${work}`);
        const top = await statementsTop(system === 'ours' ? oursDb.url : peerDb.url, r.succeeded.length);
        if (top) console.log(`${LABEL[system]} statements by time a join (pg_stat_statements):\n${top}`);
      }
      let summary: ProfileSummary | undefined;
      if (profiling) {
        summary = server ? (await server.ask({ type: 'profile-stop' }, 'profile')).summary : await stopOurs!();
        console.log(summaryText(LABEL[system], summary));
      }
      const seconds = (end.t - start.t) / 1000;
      const nproc = availableParallelism();
      const machine = ((end.m.busy - start.m.busy) / (end.m.total - start.m.total)) * nproc;
      const serverCores = (end.cpu - start.cpu) / seconds;
      let pgSeconds = 0;
      for (const [p, c] of end.pg) pgSeconds += Math.max(0, c - (start.pg.get(p) ?? 0));
      const served = r.rate * r.seconds;
      const w: Window = {
        system,
        round,
        rate: r.rate,
        seconds: r.seconds,
        lat: r.lat,
        errors: r.errors,
        exhausted: system !== 'floor' && r.succeeded.length + r.errors >= jobs.length,
        elu: eluBetween(start.elu, end.elu),
        cores: {
          server: serverCores,
          load: r.clientCores,
          rest: Math.max(0, machine - serverCores - r.clientCores),
          idle: Math.max(0, nproc - machine),
        },
        cpuPerRequest: { server: ((end.cpu - start.cpu) * 1000) / served, backends: (pgSeconds * 1000) / served },
        cpuSeconds: { server: end.cpu - start.cpu, backends: pgSeconds },
        loadavg,
        ...(catchUpMs === undefined ? {} : { catchUpMs }),
        ...(summary ? { profile: summary } : {}),
        ...(work ? { work } : {}),
      };
      console.log(
        `round ${round + 1} ${LABEL[system]}: ${w.rate.toFixed(0)}/s, p50 ${ms(percentile(w.lat, 50))} ms, p99 ${ms(percentile(w.lat, 99))} ms, ` +
          `errors ${w.errors}${w.exhausted ? ' (RAN OUT OF JOBS)' : ''}, CPU ms/request ${cpuText(w)}, ELU ${w.elu.toFixed(2)}, ${coresText(w)}, load average ${loadavg}`,
      );
      return w;
    }

    const windows: Window[] = [];
    // The six orders: each system runs first, second and last equally often.
    const orders: System[][] = [
      ['ours', 'peer', 'floor'],
      ['floor', 'peer', 'ours'],
      ['peer', 'ours', 'floor'],
      ['floor', 'ours', 'peer'],
      ['peer', 'floor', 'ours'],
      ['ours', 'floor', 'peer'],
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (const system of orders[round % orders.length]!) windows.push(await measure(system, round));
    }

    // Per system, over its rounds: requests over seconds, latencies and CPU of all its windows.
    const total = (s: System) => {
      const ws = windows.filter((w) => w.system === s);
      const lat = ws.flatMap((w) => w.lat);
      const seconds = ws.reduce((n, w) => n + w.seconds, 0);
      const cpu = (k: 'server' | 'backends') => (ws.reduce((n, w) => n + w.cpuSeconds[k], 0) * 1000) / lat.length;
      return {
        ws,
        lat,
        rate: lat.length / seconds,
        errors: ws.reduce((n, w) => n + w.errors, 0),
        cpu: { server: cpu('server'), backends: cpu('backends') },
      };
    };
    const t = { ours: total('ours'), peer: total('peer'), floor: total('floor') };
    const vsPeer = t.ours.rate / t.peer.rate;
    const vsFloor = t.ours.rate / t.floor.rate;
    const peerVsFloor = t.peer.rate / t.floor.rate;
    const cpuOfJoin = (s: System) => t[s].cpu.server + t[s].cpu.backends;
    // The same ratios round by round (each round's three windows ran within a minute of each other).
    const rounds = Array.from({ length: ROUNDS }, (_, r) => {
      const at = (s: System) => windows.find((w) => w.round === r && w.system === s)!;
      const cpu = (s: System) => at(s).cpuPerRequest.server + at(s).cpuPerRequest.backends;
      return {
        r,
        ours: at('ours').rate,
        peer: at('peer').rate,
        floor: at('floor').rate,
        cpuPeerVsOurs: cpu('peer') / cpu('ours'),
      };
    });
    const spread = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const median =
        sorted.length % 2
          ? sorted[(sorted.length - 1) / 2]!
          : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
      return sorted.length > 1
        ? `${median.toFixed(2)} (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})`
        : median.toFixed(2);
    };
    const row = (s: System) => {
      const x = t[s];
      return `| ${LABEL[s]} | ${x.rate.toFixed(0)} | ${ms(percentile(x.lat, 50))} | ${ms(percentile(x.lat, 99))} | ${x.errors} | ${x.cpu.server.toFixed(2)} + ${x.cpu.backends.toFixed(2)} | ${x.ws.map((w) => w.elu.toFixed(2)).join(' / ')} |`;
    };
    const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');
    const out = [
      '## Join: ours, the Emmett peer and the floor',
      '',
      `Generated by \`npm run bench:peer\` (bench/peer.ts; \`--quick\` only prints, \`--profile\` adds CPU profiles). Run ${info.date.slice(0, 16).replace('T', ' ')} UTC in ${((Date.now() - t0) / 1000).toFixed(0)} s. Machine: ${info.nproc} cores (${info.cpu}), ${info.memory}, Node ${info.node}, ${info.postgres.split(' on ')[0]} on the same machine (${info.settings}).`,
      '',
      `**The machine was shared** with other work while this ran (1-minute load averages of ${Math.min(...windows.map((w) => Number(w.loadavg.split(' ')[0]))).toFixed(1)}–${Math.max(...windows.map((w) => Number(w.loadavg.split(' ')[0]))).toFixed(1)} on ${info.nproc} cores before the windows): absolute figures are noisy and low; the three ran in the same run, ${
        ROUNDS > 1
          ? `in ${ROUNDS} rounds, each of the ${Math.min(ROUNDS, orders.length)} orders of the three once (${orders
              .slice(0, ROUNDS)
              .map((o) => o.join(' → '))
              .join('; ')}), `
          : ''
      }so the ratios are the result, and CPU per request is steadier than requests/s.`,
      '',
      `Setup (not timed, ${setupSeconds.toFixed(0)} s): on each side ${VOLUNTEERS.toLocaleString('en')} approved volunteers straight into the read model the join rules read, a session each (last seen a minute ago, so that each join's session check moves it on both sides), ${200} approved events created through their streams (dates far enough apart that no two of a volunteer's joins overlap); each join request is a new volunteer's, so every one passes the rules. Then \`VACUUM ANALYZE\` of both databases. Measured: ${CLIENTS_N} clients in a closed loop from a separate load-generator process (bench/load.ts, node:http keep-alive), 1 s warm-up, ${SECONDS} s measured${ROUNDS > 1 ? ` per round, ${ROUNDS} rounds` : ''}; ours once its projections have caught up.`,
      '',
      "- **ours**: `POST /api/opportunities/:id/join` on the portal (bench/events.ts's set-up, projections and jobs in the same process, as with `npm start`): the session check, the join rules from the read models and the event's stream, the volunteer's schedule stream (at most two pending requests, no overlapping accepted event), the participation stream.",
      "- **Emmett peer** (bench/peer/app.ts): @event-driven-io/emmett-postgresql 0.42.0 on its own database, behind Fastify in a process of its own. The same session check (the same touch statement on a sessions table, by sha-256 of the cookie, a prepared query), the same rules (our pure `assertMayJoin` and the schedule and participation deciders, run by Emmett's `CommandHandler`: read the stream, fold, decide, append with the expected version), the event and the volunteer's participation read from Pongo documents kept by inline projections (`projections.inline`, `pongoSingleStreamProjection`: written in the append's transaction). bench/peer/peer.int.test.ts shows it refuses a third pending request and an overlapping event.",
      "- **floor** (bench/peer/app.ts `createFloor`): a bare Fastify route in a process of its own making three prepared point queries one after the other (the session, the volunteer's document, the event's document) on the peer's database: no rules, no write.",
      '',
      "| system | requests/s | p50 ms | p99 ms | errors | CPU ms a request: server process + its database's PostgreSQL backends | server event-loop utilisation (per round) |",
      '|---|---:|---:|---:|---:|---:|---|',
      row('ours'),
      row('peer'),
      row('floor'),
      '',
      '| ratio | over the run | per round: median (range) | goal | |',
      '|---|---:|---:|---:|---|',
      `| ours ÷ Emmett peer, requests/s | ${vsPeer.toFixed(2)}× | ${spread(rounds.map((x) => x.ours / x.peer))} | ≥ ${GOAL_VS_PEER}× | ${verdict(vsPeer >= GOAL_VS_PEER)} |`,
      `| ours ÷ floor, requests/s | ${vsFloor.toFixed(2)} | ${spread(rounds.map((x) => x.ours / x.floor))} | ${GOAL_VS_FLOOR} | ${verdict(vsFloor >= GOAL_VS_FLOOR)} |`,
      `| Emmett peer ÷ floor, requests/s | ${peerVsFloor.toFixed(2)} | ${spread(rounds.map((x) => x.peer / x.floor))} | | |`,
      `| Emmett peer ÷ ours, CPU ms a join (server + PostgreSQL) | ${(cpuOfJoin('peer') / cpuOfJoin('ours')).toFixed(2)}× | ${spread(rounds.map((x) => x.cpuPeerVsOurs))} | ≥ ${GOAL_VS_PEER}× | ${verdict(cpuOfJoin('peer') / cpuOfJoin('ours') >= GOAL_VS_PEER)} |`,
      '',
      'Each window (order, requests/s, CPU cores while measuring: the server process / the load generator / PostgreSQL and everything else on the machine / idle, and the 1-minute load average just before it):',
      '',
      '| round | system | requests/s | CPU ms a request | cores | load average | read models caught up |',
      '|---:|---|---:|---:|---|---:|---:|',
      ...windows.map(
        (w) =>
          `| ${w.round + 1} | ${LABEL[w.system]} | ${w.rate.toFixed(0)} | ${cpuText(w)} | ${coresText(w)} | ${w.loadavg.split(' ')[0]} | ${w.catchUpMs === undefined ? (w.system === 'peer' ? 'inline' : '–') : `${w.catchUpMs.toFixed(0)} ms after`} |`,
      ),
      '',
    ];
    const profiles = windows.filter((w) => w.profile);
    if (profiles.length) {
      out.push('Main-thread CPU profiles of the last round (self time by area, share of busy samples):', '');
      for (const w of profiles) {
        out.push(
          `- ${LABEL[w.system]}: ${w
            .profile!.areas.slice(0, 8)
            .map(([a, v]) => `${a} ${(v * 100).toFixed(0)} %`)
            .join(', ')}`,
        );
      }
      out.push('');
      const works = windows.filter((w) => w.work);
      if (works.length) {
        out.push("Database work a join (the phase's counters, warm-up included):", '');
        for (const w of works) out.push(`- ${LABEL[w.system]}: ${w.work}`);
        out.push('');
      }
    }
    const section = out.join('\n');
    console.log(`\n${section}`);
    if ((!quick || args.includes('--write')) && !withoutProjections)
      console.log(`written: ${writeDocSection('peer', section)}`);
  } finally {
    await monitor.end();
    for (const c of [peer, floor]) {
      if (c.proc.exitCode === null) await c.ask({ type: 'close' }, 'closed').catch(() => {});
    }
    await app.close();
    await runtime.close();
    await oursDb.drop();
    await peerDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function explainPlans(url: string, sampleRate: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ db: string }>('select current_database() as db');
    const db = `"${rows[0]!.db}"`;
    await c.query(`alter database ${db} set session_preload_libraries = 'auto_explain'`);
    await c.query(`alter database ${db} set auto_explain.log_min_duration = 0`);
    await c.query(`alter database ${db} set auto_explain.log_nested_statements = on`);
    await c.query(`alter database ${db} set auto_explain.sample_rate = ${sampleRate}`);
  } finally {
    await c.end();
  }
}

/** Where the server loads pg_stat_statements: its counters from now on (else nothing; it needs a restart to load). */
async function statementsReset(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('create extension if not exists pg_stat_statements');
    await c.query('select pg_stat_statements_reset()');
  } catch {
    // Not loaded on this server: the profile goes without it.
  } finally {
    await c.end();
  }
}

/** The statements of this database by execution time a join (where pg_stat_statements is loaded). */
async function statementsTop(url: string, joins: number): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ ms: number; calls: string; mean: number; rows: string; q: string }>(
      `select total_exec_time as ms, calls::text, mean_exec_time as mean, rows::text,
              regexp_replace(left(query, 160), '\\s+', ' ', 'g') as q
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
        order by total_exec_time desc limit 15`,
    );
    return rows
      .map(
        (r) =>
          `  ${(r.ms / joins).toFixed(3)} ms, ${(Number(r.calls) / joins).toFixed(2)} calls, ${r.mean.toFixed(3)} ms mean, ` +
          `${(Number(r.rows) / Number(r.calls)).toFixed(1)} rows: ${r.q}`,
      )
      .join('\n');
  } catch {
    return undefined;
  } finally {
    await c.end();
  }
}

interface DbStats {
  commits: number;
  written: Map<string, number>;
  /** Updates, and those of them that were HOT (no index entry written), by table. */
  updates: Map<string, { all: number; hot: number }>;
  /** Rows read by table: by sequential scans and fetched through indexes. */
  read: Map<string, number>;
  /** Sequential scans and the rows they read, by table. */
  seq: Map<string, { scans: number; rows: number }>;
}

/** Committed transactions and rows written by table so far, in the database of `url`. */
async function dbStats(url: string): Promise<DbStats> {
  const c = new pg.Client({ connectionString: url, application_name: 'bench-monitor' });
  await c.connect();
  try {
    const d = await c.query<{ n: string }>(
      'select xact_commit::text as n from pg_stat_database where datname = current_database()',
    );
    const t = await c.query<{
      t: string;
      n: string;
      upd: string;
      hot: string;
      rd: string;
      seqs: string;
      seqrd: string;
    }>(
      `select schemaname || '.' || relname as t, (n_tup_ins + n_tup_upd + n_tup_del)::text as n,
              n_tup_upd::text as upd, n_tup_hot_upd::text as hot,
              (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text as rd,
              coalesce(seq_scan, 0)::text as seqs, coalesce(seq_tup_read, 0)::text as seqrd from pg_stat_user_tables`,
    );
    return {
      commits: Number(d.rows[0]!.n),
      written: new Map(t.rows.map((r) => [r.t, Number(r.n)])),
      updates: new Map(t.rows.map((r) => [r.t, { all: Number(r.upd), hot: Number(r.hot) }])),
      read: new Map(t.rows.map((r) => [r.t, Number(r.rd)])),
      seq: new Map(t.rows.map((r) => [r.t, { scans: Number(r.seqs), rows: Number(r.seqrd) }])),
    };
  } finally {
    await c.end();
  }
}

function workText(a: DbStats, b: DbStats, joins: number): string {
  const rows = [...b.written]
    .map(([t, n]) => [t, (n - (a.written.get(t) ?? 0)) / joins] as const)
    .filter(([, n]) => n >= 0.05)
    .sort((x, y) => y[1] - x[1]);
  const total = rows.reduce((n, [, v]) => n + v, 0);
  const hot = [...b.updates]
    .map(([t, u]) => {
      const before = a.updates.get(t) ?? { all: 0, hot: 0 };
      return [t, (u.all - before.all) / joins, (u.hot - before.hot) / joins] as const;
    })
    .filter(([, all]) => all >= 0.05)
    .map(([t, all, h]) => `${t} ${h.toFixed(1)} of ${all.toFixed(1)}`);
  const read = [...b.read]
    .map(([t, n]) => [t, (n - (a.read.get(t) ?? 0)) / joins] as const)
    .filter(([, n]) => n >= 0.5)
    .sort((x, y) => y[1] - x[1]);
  return (
    `${((b.commits - a.commits) / joins).toFixed(1)} transactions, ${total.toFixed(1)} rows written ` +
    `(${rows.map(([t, n]) => `${t} ${n.toFixed(1)}`).join(', ')}); HOT updates: ${hot.join(', ') || 'none'}; ` +
    `rows read (scans and index fetches): ${read.map(([t, n]) => `${t} ${n.toFixed(1)}`).join(', ') || 'none'}; ` +
    `sequential scans (scans, rows): ${seqText(a, b, joins) || 'none'}`
  );
}

function seqText(a: DbStats, b: DbStats, joins: number): string {
  return [...b.seq]
    .map(([t, s]) => {
      const before = a.seq.get(t) ?? { scans: 0, rows: 0 };
      return [t, (s.scans - before.scans) / joins, (s.rows - before.rows) / joins] as const;
    })
    .filter(([, , rows]) => rows >= 0.5)
    .map(([t, scans, rows]) => `${t} ${scans.toFixed(2)}, ${rows.toFixed(1)}`)
    .join('; ');
}

function cpuText(w: Window): string {
  return `${w.cpuPerRequest.server.toFixed(2)} + ${w.cpuPerRequest.backends.toFixed(2)}`;
}

function coresText(w: Window): string {
  const c = w.cores;
  return `${c.server.toFixed(2)} / ${c.load.toFixed(2)} / ${c.rest.toFixed(2)} / ${c.idle.toFixed(2)}`;
}

await main();
