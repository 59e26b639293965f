import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../commands/db/pool.ts';
import { type RegistrationsDB, registrationGrid, registrationRows } from './queries.ts';
import { registrationsProjection } from './registrations.ts';

// The export's keyset reading of the registrations grid: the same rows in the same order as the grid's pages, for
// every sort both ways, empty sort values included (they sort last descending, first ascending), across batches.

let db: Kysely<RegistrationsDB>;
let admin: pg.Client;
const name = `rows_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

beforeAll(async () => {
  const server = withDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');
  admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  db = new Kysely<RegistrationsDB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(server, name), max: 2 }) }),
  });
  await sql`create schema rm`.execute(db);
  await registrationsProjection.setup({ tx: db as never, table: (t) => `rm.${t}` });
  // 57 applications: some share a submission time, some have none and no reference number.
  await sql`
    insert into rm.registrations (volunteer_id, reference_number, status, name_ar, name_en, region_id, city_id,
                                  created_at, submitted_at, updated_at)
    select gen_random_uuid(), case when i % 5 = 0 then null else 'R' || lpad((i % 13)::text, 4, '0') end, 2,
           'اسم ' || (i % 7), 'Name ' || (i % 7), 1 + i % 2, 3,
           now(), case when i % 4 = 0 then null else timestamptz '2026-01-01' + make_interval(days => i % 9) end, now()
      from generate_series(1, 57) as i`.execute(db);
}, 60_000);
afterAll(async () => {
  await db?.destroy();
  await admin?.query(`drop database if exists ${name}`);
  await admin?.end();
});

describe('the registrations read in keyset batches', () => {
  for (const sort of ['submittedAt', 'referenceNumber', 'nameAr', 'nameEn', 'updatedAt'] as const)
    for (const dir of ['asc', 'desc'] as const)
      it(`gives the grid's rows in the grid's order (${sort} ${dir})`, async () => {
        const q = { status: 2, sort, dir };
        const grid = await registrationGrid(db, { ...q, page: 1, pageSize: 1000 }, null);
        const read: string[] = [];
        for await (const r of registrationRows(db, q, null, 5)) read.push(r.volunteerId);
        expect(read).toHaveLength(57);
        expect(read).toEqual(grid.rows.map((r) => r.volunteerId));
      });

  it('applies the scope and the filters as the grid does', async () => {
    const q = { status: 2, sort: 'submittedAt' as const, dir: 'desc' as const, regionId: 2 };
    const grid = await registrationGrid(db, { ...q, page: 1, pageSize: 1000 }, { regionIds: [1], cityIds: [] });
    const read: string[] = [];
    for await (const r of registrationRows(db, q, { regionIds: [1], cityIds: [] }, 4)) read.push(r.volunteerId);
    expect(grid.rows).toHaveLength(0);
    expect(read).toEqual([]);
    const inRegion: string[] = [];
    for await (const r of registrationRows(db, { ...q, regionId: 1 }, { regionIds: [1], cityIds: [] }, 4))
      inRegion.push(r.volunteerId);
    expect(inRegion).toHaveLength(28);
  });
});
