import { type Kysely, sql } from 'kysely';

/** Whether the database answers at all (the liveness check): throws when it does not. */
export async function databaseAnswers(db: Kysely<object>): Promise<void> {
  await sql`select 1`.execute(db);
}
