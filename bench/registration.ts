import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { handleCommand } from '../commands/handle.ts';
import { lookupsFromStreams } from '../commands/lookups/seed.ts';
import { registrationDecider } from '../domain/registration/decide.ts';
import { registrationStream } from '../domain/registration/events.ts';
import { Role } from '../domain/shared/roles.ts';
import { physicalTable } from '../projections/runner/runner.ts';
import { waitForPosition } from '../projections/runner/status.ts';
import { type ApiProcesses, startApiProcesses } from './api-processes.ts';
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
import { runLoad } from './load.ts';
import { formOf, type SubmitPayload } from './registration-jobs.ts';

const { quick, want, write } = benchArgs();
const CLIENTS = 16;
const API_PROCESSES = 2;
const SUBMIT_SECONDS = quick ? 3 : 12;
const WARMUP_SECONDS = quick ? 1 : 3;
const GRID_ROWS = quick ? 20_000 : 100_000;
const GRID_REPEATS = quick ? 50 : 300;

async function main() {
  const portal = await benchPortal('registration');
  const { db, dataDir, runtime, base, info, sessionFor } = portal;
  const out: string[] = [];
  const t0 = Date.now();

  try {
    if (want('submit')) {
      // Setup (not timed): drafts written through the command handler, one per submit to come.
      const needed = quick ? 10_000 : 40_000;
      const ctx = (id: string) => ({
        actorId: id,
        actorRole: Role.Volunteer,
        correlationId: 'bench',
        clientCode: 'MOH' as const,
        commandId: randomUUID(),
        now: new Date(),
      });
      const lookups = await lookupsFromStreams(runtime.store);
      const volunteers: { id: string; n: string }[] = [];
      const setupStart = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (;;) {
            const i = next++;
            if (i >= needed) return;
            const id = randomUUID();
            const n = String(i).padStart(6, '0');
            const form = formOf(n);
            await handleCommand(
              runtime.store,
              registrationStream(id),
              registrationDecider,
              { type: 'SaveDraft', volunteerId: id, form, client: runtime.client, lookups },
              ctx(id),
            );
            volunteers.push({ id, n });
          }
        }),
      );
      const setupSeconds = (Date.now() - setupStart) / 1000;
      const sessions = await Promise.all(volunteers.map((v) => sessionFor(v.id, Role.Volunteer)));
      const xacts = async () =>
        Number(
          (
            await sql<{
              n: string;
            }>`select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()`.execute(
              runtime.db,
            )
          ).rows[0]!.n,
        );
      // Each topology submits its own drafts: the single process from the first one, the API processes after it.
      let taken = 0;
      const measure = async (api: ApiProcesses | null) => {
        // From a steady state: the projections first finish what the setup (or the previous run) left them.
        await waitForPosition(
          runtime.db,
          runtime.projections.map((p) => p.name),
          await runtime.store.lastPosition(),
          600_000,
        );
        // …and autovacuum's work on what the setup wrote (40,000 drafts and sessions) is done too, so it does not land
        // in the measured window. As the owner: the application role may not vacuum the event tables.
        const owner = new pg.Client({ connectionString: db.url });
        await owner.connect();
        await owner.query('vacuum (analyze)');
        await owner.end();
        let x0 = 0;
        let x1 = 0;
        let cpu: ReturnType<typeof cpuWindow> | null = null;
        let used: ReturnType<ReturnType<typeof cpuWindow>> | null = null;
        let api0 = 0;
        let apiCores = 0;
        let clients = 0;
        let stats = coalescerStats();
        const payload: SubmitPayload = {
          drafts: volunteers
            .slice(taken)
            .map((v, i) => ({ n: v.n, cookie: sessions[taken + i]!.cookie, csrf: sessions[taken + i]!.csrfToken })),
        };
        const load = await runLoad(
          {
            base,
            ...(api ? { bases: api.bases } : {}),
            clients: CLIENTS,
            warmupMs: WARMUP_SECONDS * 1000,
            measureMs: SUBMIT_SECONDS * 1000,
            count: payload.drafts.length,
            factory: new URL('./registration-jobs.ts', import.meta.url).href,
            payload,
          },
          {
            start: async () => {
              x0 = await xacts();
              stats = coalescerStats();
              api0 = api?.cpuSeconds() ?? 0;
              cpu = cpuWindow();
            },
            end: async (clientCores) => {
              if (api) apiCores = (api.cpuSeconds() - api0) / cpu!.seconds();
              used = cpu!(clientCores + apiCores);
              clients = clientCores;
              x1 = await xacts();
              stats = coalescerStats(stats);
            },
          },
        );
        // The drafts this run used up, whichever window they fell in.
        taken += load.succeeded.length + load.errors;
        // pg_stat_database is updated as backends report (at most ~0.5 s late): close enough over a window of seconds.
        const perCommand = (x1 - x0) / Math.max(1, load.lat.length);
        const u = used!;
        const cores = api
          ? `${api.bases.length} API processes ${apiCores.toFixed(2)} / workers process ${u.nodeCores.toFixed(2)} / load generator ${clients.toFixed(2)} / PostgreSQL and the rest ${u.otherCores.toFixed(2)} / idle ${u.idleCores.toFixed(2)} cores`
          : u.text;
        // The coalescers counted are the benchmark process's own: the API processes' are not visible from here.
        const cpuText = `${cores}; ${perCommand.toFixed(1)} PostgreSQL transactions per command${api ? '' : `; ${statsText(stats)}`}`;
        return { ...load, cpuText };
      };
      const single = await measure(null);
      const api = await startApiProcesses(API_PROCESSES, db.url, dataDir);
      let scaled: Awaited<ReturnType<typeof measure>>;
      try {
        scaled = await measure(api);
      } finally {
        await api.stop();
      }
      const row = (label: string, r: typeof single) =>
        `${loadRow(label, r)} ≥ 1,500 commands/s: **${r.rate >= 1500 ? 'met' : 'missed'}** |`;
      console.log(row('one process', single));
      console.log(row(`${API_PROCESSES} API processes + workers`, scaled));
      out.push(
        '### Submit registration through HTTP, 16 clients',
        '',
        `Setup (not timed): ${volunteers.length.toLocaleString('en')} drafts written through the command handler (${setupSeconds.toFixed(1)} s) and a session each. ` +
          'Each run starts once the projections have caught up with everything before it and a `VACUUM (ANALYZE)` of the database (what autovacuum would do after the setup). ' +
          `Measured: ${CLIENTS} clients in a closed loop (a separate load-generator process, node:http with keep-alive: bench/load.ts), each \`PUT /api/registrations/me\` with \`submit: true\` for the next draft (full section-5 validation, stream load, append, JSON over HTTP on loopback), ${WARMUP_SECONDS} s warm-up, ${SUBMIT_SECONDS} s measured. ` +
          "**one process**: API, projections and jobs in the benchmark's process, as with `npm start` (that process wrote the drafts, so their streams are in its fold cache). " +
          `**${API_PROCESSES} API processes + workers**: the scaled topology of docker-compose — ${API_PROCESSES} \`api/main.ts\` processes take the requests (client k talks to process k mod ${API_PROCESSES}; their fold caches start cold, so each submit reads its draft), the benchmark's process runs the projections and jobs as the workers process. ` +
          "A visitor's first `POST /api/registrations` also hashes a password with argon2id (19 MiB, 2 passes: tens of milliseconds of CPU by design), so that call is not what this measures.",
        '',
        '| topology | commands/s | p50 ms | p99 ms | errors | CPU while measuring | target |',
        '|---|---:|---:|---:|---:|---|---|',
        row('one process', single),
        row(`${API_PROCESSES} API processes + workers`, scaled),
        '',
      );
    }

    if (want('grid')) {
      // 100,000 applications straight into the read model (the grid reads only rm.registrations), once its runner
      // has created it.
      for (let i = 0; i < 500; i++) {
        const { rows } = await sql<{
          t: string | null;
        }>`select to_regclass('rm.registration_counts')::text as t`.execute(runtime.db);
        if (rows[0]?.t) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      // The projections first finish what the submit phase left them (the grid is measured, not their catch-up).
      await waitForPosition(runtime.db, ['registrations'], await runtime.store.lastPosition(), 120_000);
      const fillStart = Date.now();
      await sql`
        insert into rm.registrations (volunteer_id, reference_number, status, name_ar, name_en, id_number, mobile, email, user_name,
          region_id, city_id, gender, nationality_id, birth_date, created_at, submitted_at, updated_at)
        select gen_random_uuid(), 'R' || to_char(now() - (g % 700) * interval '1 day', 'YYYYMMDD') || '-' || lpad(g::text, 6, '0'),
               (array[1, 2, 2, 2, 3, 5, 5, 6])[1 + g % 8],
               -- Names by g % 7 and (g / 7) % 6, statuses by g % 8: independent, as in life.
               (array['محمد', 'أحمد', 'سارة', 'نورة', 'خالد', 'فهد', 'ريم'])[1 + g % 7] || ' ' ||
                 (array['العتيبي', 'القحطاني', 'الحربي', 'الشمري', 'الدوسري', 'الزهراني'])[1 + (g / 7) % 6] || ' ' || g,
               (array['Mohammed', 'Ahmed', 'Sarah', 'Noura', 'Khalid', 'Fahad', 'Reem'])[1 + g % 7] || ' ' ||
                 (array['Alotaibi', 'Alqahtani', 'Alharbi', 'Alshammari', 'Aldosari', 'Alzahrani'])[1 + (g / 7) % 6] || ' ' || g,
               '10' || lpad(g::text, 8, '0'), '05' || lpad(g::text, 8, '0'), 'v' || g || '@example.org', 'v' || g,
               1 + g % 13, 1 + g % 23, 1 + g % 2, 44, date '1990-01-01' + (g % 9000),
               now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day' + interval '1 hour', now() - (g % 500) * interval '1 day'
          from generate_series(1, ${GRID_ROWS}) g`.execute(runtime.db);
      await sql`insert into rm.registration_counts as c (status, n) select status, count(*) from rm.registrations group by status
                on conflict (status) do update set n = excluded.n`.execute(runtime.db);
      // As autovacuum would have by then: the submit phase's updates leave dead rows in the read model.
      const { rows: live } = await sql<{ generation: number }>`
        select generation from rm.projection_checkpoints where name = 'registrations' and state = 'live'`.execute(
        runtime.db,
      );
      const g = live[0]!.generation;
      await sql
        .raw(`vacuum (analyze) ${physicalTable('registrations', g)}, ${physicalTable('registration_counts', g)}`)
        .execute(runtime.db);
      const fillSeconds = (Date.now() - fillStart) / 1000;
      const admin = await sessionFor('00000000-0000-4000-8000-0000000000aa', Role.Admin);
      const queries: [string, string][] = [
        ['submitted, newest first, page 1 of 10', 'status=2&pageSize=10&sort=submittedAt&dir=desc'],
        ['submitted, by Arabic name, page 50 of 20', 'status=2&pageSize=20&page=50&sort=nameAr&dir=asc'],
        ['submitted, name prefix «محمد», 10', `status=2&pageSize=10&name=${encodeURIComponent('محمد')}`],
        [
          'approved, region 1 + city 3, by update, 50',
          'status=5&pageSize=50&regionId=1&cityId=3&sort=updatedAt&dir=desc',
        ],
        [
          'submitted, date range of 30 days, 100',
          `status=2&pageSize=100&from=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)}`,
        ],
        ['submitted, exact id number, 10', 'status=2&pageSize=10&idNumber=1000000042'],
      ];
      const { rows, all } = await timeShapes(
        'grid',
        queries.map(([label, q]) => [label, `${base}/api/registrations?${q}`] as [string, string]),
        GRID_REPEATS,
        { cookie: admin.cookie },
      );
      out.push(
        `### Registrations grid over ${GRID_ROWS.toLocaleString('en')} applications`,
        '',
        `${GRID_ROWS.toLocaleString('en')} applications inserted into the read model with \`generate_series\` (${fillSeconds.toFixed(1)} s; statuses 1/2/3/5/6 in the proportions 1:3:1:2:1, 13 regions, 23 cities, 700 days of submissions) once the projections had caught up with the submit phase, then \`VACUUM (ANALYZE)\` of the read model, as autovacuum would have done. ` +
          `Each query shape ${GRID_REPEATS} times in a row by one admin client through HTTP (\`GET /api/registrations\`: the page and the total count, session check included) after 20 warm-up calls.`,
        '',
        ...shapesTable(rows, all, 'Target grid'),
      );
    }

    portalSection(
      'registration',
      '## Registration',
      'Generated by `npm run bench:registration` (bench/registration.ts; one part: `-- submit` or `-- grid`; `--quick` for a short smoke run that only prints). ',
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
