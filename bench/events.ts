import { sql } from 'kysely';
import { Role } from '../domain/shared/roles.ts';
import { waitForPosition } from '../projections/runner/status.ts';
import {
  benchArgs,
  benchPortal,
  coalescerStats,
  cpuWindow,
  loadRow,
  portalSection,
  shapesTable,
  statsText,
  timeShapes,
} from './common.ts';
import { prepareOurJoins } from './join-setup.ts';
import { type LoadJob, runLoad } from './load.ts';

const { quick, want, write } = benchArgs();
const CLIENTS_N = 16;
const SECONDS = quick ? 3 : 10;
const EVENTS_IN_LIST = quick ? 2_000 : 10_000;
const PARTICIPATIONS = quick ? 100_000 : 1_000_000;
const REPEATS = quick ? 50 : 300;

async function main() {
  const portal = await benchPortal('events', { schedules: false });
  const { runtime, base, info, sessionFor } = portal;
  const out: string[] = [];
  const t0 = Date.now();
  async function waitForTable(name: string) {
    for (let i = 0; i < 500; i++) {
      const { rows } = await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(runtime.db);
      if (rows[0]?.t) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  /** A closed loop of 16 clients (in the load generator's process) over `jobs`: commands/s and latencies. */
  async function closedLoop(jobs: LoadJob[]) {
    // From a steady state: the projections first finish what the setup (or the previous phase) left them.
    await waitForPosition(
      runtime.db,
      runtime.projections.map((p) => p.name),
      await runtime.store.lastPosition(),
      600_000,
    );
    let cpu: ReturnType<typeof cpuWindow> | null = null;
    let cpuText = '';
    const before = coalescerStats();
    let during = before;
    const r = await runLoad(
      { base, clients: CLIENTS_N, warmupMs: 1000, measureMs: SECONDS * 1000, count: jobs.length, payload: jobs },
      {
        start: () => {
          during = coalescerStats();
          cpu = cpuWindow();
        },
        end: (clientCores) => {
          cpuText = `${cpu!(clientCores).text}; ${statsText(coalescerStats(during))}`;
        },
      },
    );
    return { ...r, cpuText };
  }

  try {
    if (want('commands')) {
      // Setup (not timed): approved volunteers straight into the read models the join rules read, sessions, 200 events
      // far enough apart that a volunteer's two joins never overlap.
      const volunteers = quick ? 6_000 : 24_000;
      const pairs = (await prepareOurJoins(runtime, volunteers)).map((p) => ({
        v: p.volunteerId,
        s: { cookie: p.cookie, csrfToken: p.csrf },
        e: p.eventId,
      }));
      const staff = await sessionFor('00000000-0000-4000-8000-000000000002', Role.Staff);
      const post = (path: string, s: { cookie: string; csrfToken: string }, body?: unknown): LoadJob => ({
        method: 'POST',
        path,
        cookie: s.cookie,
        csrf: s.csrfToken,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const join = await closedLoop(pairs.map((p) => post(`/api/opportunities/${p.e}/join`, p.s)));
      // Accept exactly the volunteers whose join went through.
      const joined = join.succeeded.map((i) => pairs[i]!);
      const accept = await closedLoop(
        joined.map((p) => post(`/api/opportunities/${p.e}/participants/${p.v}/accept`, staff, { confirmRaise: false })),
      );
      console.log(loadRow('join', join));
      console.log(loadRow('accept', accept));
      out.push(
        '### Join and accept through HTTP, 16 clients',
        '',
        `Setup (not timed): ${volunteers.toLocaleString('en')} approved volunteers in the read models the join rules read, a session each, 200 approved events. ` +
          `Measured: ${CLIENTS_N} clients in a closed loop (a separate load-generator process: bench/load.ts), each phase once the projections have caught up, 1 s warm-up, ${SECONDS} s measured. **join** = \`POST /api/opportunities/:id/join\` (the spec's join rules from the read models, the event from its stream, the volunteer's schedule — two pending requests at most — then the join request: 2 streams). ` +
          '**accept** = `POST …/participants/:volunteerId/accept` by a staff member (the transition check, the schedule reservation, a seat on the event — the capacity rule, contended by every acceptance for that event — then the participation: 3 streams). Projections and jobs run in the same process, as with `npm start`.',
        '',
        '| command | commands/s | p50 ms | p99 ms | errors | CPU while measuring |',
        '|---|---:|---:|---:|---:|---|',
        loadRow('join', join),
        loadRow('accept', accept),
        '',
        'The absolute target of 1,500 commands/s gave way to relative ones (ours ≥ 1.5× an Emmett peer on the same join, and a quarter of what a bare route with three queries answers on the same machine): see "Join: ours, the Emmett peer and the floor" (`npm run bench:peer`).',
        '',
      );
    }

    if (want('list')) {
      await waitForTable('rm.opportunities');
      const fill0 = Date.now();
      await sql`insert into rm.opportunities (opportunity_id, code, name_ar, name_en, details, visibility, region_ids, city_ids, start_date, end_date,
                  attendance_type, latitude, longitude, status, approval, max_contributions, seats_taken, created_at, updated_at)
                select gen_random_uuid(), 'L' || g, 'فعالية ' || g, 'Event ' || g, '{}'::jsonb, (array[0, 0, 0, 1, 2])[1 + g % 5], array[1 + g % 13], array[1 + g % 23],
                  current_date + (g % 400) - 100, current_date + (g % 400) - 98, 1 + g % 3, 24 + (g % 100) / 100.0, 46 + (g % 100) / 100.0,
                  (array[0, 2, 3])[1 + g % 3], (array['approved', 'approved', 'approved', 'pending'])[1 + g % 4], 20, g % 20, now(), now()
                  from generate_series(1, ${EVENTS_IN_LIST}) g`.execute(runtime.db);
      await sql`analyze`.execute(runtime.db);
      const fill = (Date.now() - fill0) / 1000;
      const shapes: [string, string][] = [
        ['page 1', 'page=1'],
        ['page 40', 'page=40'],
        ['upcoming, region 1', 'status=0&regionId=1'],
        ['active, city 3, inside facility', 'status=2&cityId=3&attendanceType=1'],
        ['by code', 'code=L4242'],
        ['map (100 markers)', '__map'],
      ];
      const { rows, all } = await timeShapes(
        'list',
        shapes.map(
          ([label, q]) =>
            [label, q === '__map' ? `${base}/api/opportunities/map` : `${base}/api/opportunities?${q}`] as [
              string,
              string,
            ],
        ),
        REPEATS,
      );
      out.push(
        `### Public events list over ${EVENTS_IN_LIST.toLocaleString('en')} events`,
        '',
        `${EVENTS_IN_LIST.toLocaleString('en')} events inserted into the read model (${fill.toFixed(1)} s; three in four approved; statuses 0/2/3; visibilities all/region/city), then \`ANALYZE\`. Each shape ${REPEATS} times by one anonymous client through HTTP (12 a page with the total) after 20 warm-up calls.`,
        '',
        ...shapesTable(rows, all, 'Target'),
      );
    }

    if (want('roster')) {
      await waitForTable('rm.participations');
      const fill0 = Date.now();
      // 1,000 events: one of 100,000 participants, the rest of 900 each.
      await sql`insert into rm.participations (opportunity_id, volunteer_id, status, approved_hours, pending_hours, updated_at)
                select ('00000000-0000-4000-a000-' || lpad((case when g <= ${PARTICIPATIONS / 10} then 0 else 1 + g % 999 end)::text, 12, '0'))::uuid,
                  gen_random_uuid(), (array[1, 2, 4, 4, 4, 7, 9, 8, 3, 5])[1 + g % 10], (g % 9)::numeric, 0, now()
                  from generate_series(1, ${PARTICIPATIONS}) g`.execute(runtime.db);
      await sql`insert into rm.participation_counts (opportunity_id, status, n)
                select opportunity_id, status, count(*) from rm.participations group by 1, 2
                on conflict (opportunity_id, status) do update set n = excluded.n`.execute(runtime.db);
      await sql`analyze`.execute(runtime.db);
      const fill = (Date.now() - fill0) / 1000;
      const staff = await sessionFor('00000000-0000-4000-8000-000000000001', Role.Admin);
      const big = '00000000-0000-4000-a000-000000000000';
      const small = '00000000-0000-4000-a000-000000000042';
      const shapes: [string, string][] = [
        [
          `large event (${(PARTICIPATIONS / 10).toLocaleString('en')}), page 1 of 10`,
          `${big}/participants?pageSize=10`,
        ],
        ['large event, accepted, page 100 of 50', `${big}/participants?status=4&pageSize=50&page=100`],
        ['typical event (900), page 1 of 20', `${small}/participants?pageSize=20`],
        ['typical event, join requests, 100', `${small}/participants?status=7&pageSize=100`],
      ];
      const { rows, all } = await timeShapes(
        'roster',
        shapes.map(([label, q]) => [label, `${base}/api/opportunities/${q}`] as [string, string]),
        REPEATS,
        { cookie: staff.cookie },
      );
      out.push(
        `### Roster grid over ${PARTICIPATIONS.toLocaleString('en')} participations`,
        '',
        `${PARTICIPATIONS.toLocaleString('en')} participations inserted into the read model (${fill.toFixed(1)} s): one event with ${(PARTICIPATIONS / 10).toLocaleString('en')} participants, 999 with about 900 each; statuses spread over 1–9. Each shape ${REPEATS} times by one staff client through HTTP (the page with names, and the total), after 20 warm-up calls.`,
        '',
        ...shapesTable(rows, all, 'Target'),
      );
    }

    portalSection(
      'events',
      '## Events, joining and participation',
      'Generated by `npm run bench:events` (bench/events.ts; one part: `-- commands`, `-- list` or `-- roster`; `--quick` only prints). ',
      info,
      t0,
      out,
      write,
    );
  } finally {
    await portal.close();
  }
}

await main();
