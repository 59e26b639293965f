import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AnyDB } from '../db/kysely.ts';
import { registerSchema } from '../db/migrate.ts';
import { pairedWithStore } from '../event-store/paired.ts';

// Password hashes live outside the event log, in a table rows can be deleted from: the account's events name a
// credential by id. A password change keeps only the new credential, so an old hash is erased rather than kept for
// ever in an append-only log; erasing an account's credentials leaves nothing of its passwords anywhere.
registerSchema(
  'auth',
  `
      create table if not exists auth.credentials (
        credential_id uuid primary key,
        user_id uuid not null,
        hash text not null,
        created_at timestamptz not null default now()
      );
      create index if not exists credentials_user_idx on auth.credentials (user_id);`,
);

export interface CredentialVault {
  /** Stores a hash for the user; answers the credential id the account's event will carry. */
  put(userId: string, hash: string): Promise<string>;
  get(credentialId: string): Promise<string | null>;
  /** Erases every other credential of the user (the old passwords' hashes). */
  keepOnly(userId: string, credentialId: string): Promise<void>;
  /** Erases one credential (a command that stored it and then failed). */
  drop(credentialId: string): Promise<void>;
}

export class PostgresCredentialVault implements CredentialVault {
  private readonly db: Kysely<AnyDB>;
  constructor(db: Kysely<AnyDB>) {
    this.db = db;
  }
  async put(userId: string, hash: string): Promise<string> {
    const id = randomUUID();
    await sql`insert into auth.credentials (credential_id, user_id, hash) values (${id}, ${userId}, ${hash})`.execute(
      this.db,
    );
    return id;
  }
  async get(credentialId: string): Promise<string | null> {
    const { rows } = await sql<{ hash: string }>`
      select hash from auth.credentials where credential_id = ${credentialId}`.execute(this.db);
    return rows[0]?.hash ?? null;
  }
  async drop(credentialId: string): Promise<void> {
    await sql`delete from auth.credentials where credential_id = ${credentialId}`.execute(this.db);
  }
  async keepOnly(userId: string, credentialId: string): Promise<void> {
    await sql`delete from auth.credentials where user_id = ${userId} and credential_id <> ${credentialId}`.execute(
      this.db,
    );
  }
}

// The vault belongs with the event store it serves: the account commands already take the store.
const vaults = pairedWithStore<CredentialVault>('credential vault');
export const pairCredentialVault = vaults.pair;
export const credentialVault = vaults.of;
