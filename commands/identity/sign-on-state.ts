import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { NicRecord } from '../../domain/identity/nic.ts';
import type { AnyDB } from '../db/kysely.ts';
import { registerSchema } from '../db/migrate.ts';

// Short-lived sign-on state, kept server-side (the browser holds only a random key in an httpOnly cookie; the table
// holds its hash): a sign-on started (its PKCE verifier, nonce, state and where to return), and an identity waiting
// for verification (after InvalidNIC, or a citizen the portal does not know yet). Never events: they expire.
registerSchema(
  'auth',
  `
      create table if not exists auth.sso_requests (
        state_hash text primary key,
        code_verifier text not null,
        nonce text not null,
        return_to text not null,
        created_at timestamptz not null
      );
      create table if not exists auth.identity_pending (
        key_hash text primary key,
        user_id uuid,
        issuer text,
        subject text,
        national_id text,
        record jsonb,
        created_at timestamptz not null
      );
      create table if not exists auth.admin_keys (
        key_hash text primary key,
        user_id uuid not null,
        created_at timestamptz not null
      );`,
);

/** A sign-on must come back within this time. */
export const SSO_REQUEST_MINUTES = 10;
/** The admin site must redeem a hashed key within this time. */
export const ADMIN_KEY_SECONDS = 60;
/** The user-verification page and the registration after it must be done within this time. */
export const PENDING_IDENTITY_MINUTES = 30;

const hash = (key: string) => createHash('sha256').update(key).digest('base64url');
export const newKey = () => randomBytes(32).toString('base64url');

export interface SsoRequest {
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

export interface PendingIdentity {
  /** The account that must verify (InvalidNIC), null for a citizen the portal does not know yet. */
  userId: string | null;
  /** The single sign-on account it came from, to link once verified. */
  sso: { issuer: string; subject: string; nationalId: string } | null;
  /** The identity service's record, once verified. */
  record: NicRecord | null;
}

export class SignOnState {
  private readonly db: Kysely<AnyDB>;
  constructor(db: Kysely<AnyDB>) {
    this.db = db;
  }

  async saveRequest(state: string, r: SsoRequest, now: Date): Promise<void> {
    await sql`delete from auth.sso_requests where created_at < ${now}::timestamptz - make_interval(mins => ${SSO_REQUEST_MINUTES})`.execute(
      this.db,
    );
    await sql`insert into auth.sso_requests (state_hash, code_verifier, nonce, return_to, created_at)
              values (${hash(state)}, ${r.codeVerifier}, ${r.nonce}, ${r.returnTo}, ${now})`.execute(this.db);
  }

  /** The request of this state, once: taking it deletes it (a callback replayed finds nothing). */
  async takeRequest(state: string, now: Date): Promise<SsoRequest | null> {
    const { rows } = await sql<{ code_verifier: string; nonce: string; return_to: string }>`
      delete from auth.sso_requests where state_hash = ${hash(state)}
        and created_at >= ${now}::timestamptz - make_interval(mins => ${SSO_REQUEST_MINUTES})
      returning code_verifier, nonce, return_to`.execute(this.db);
    const r = rows[0];
    return r ? { codeVerifier: r.code_verifier, nonce: r.nonce, returnTo: r.return_to } : null;
  }

  /** Keeps an identity waiting for verification; answers the key the browser's cookie will hold. */
  async savePending(p: PendingIdentity, now: Date): Promise<string> {
    const key = newKey();
    await sql`delete from auth.identity_pending
              where created_at < ${now}::timestamptz - make_interval(mins => ${PENDING_IDENTITY_MINUTES})`.execute(
      this.db,
    );
    await sql`insert into auth.identity_pending (key_hash, user_id, issuer, subject, national_id, record, created_at)
              values (${hash(key)}, ${p.userId}, ${p.sso?.issuer ?? null}, ${p.sso?.subject ?? null},
                      ${p.sso?.nationalId ?? null}, ${p.record ? JSON.stringify(p.record) : null}::jsonb, ${now})`.execute(
      this.db,
    );
    return key;
  }

  async pending(key: string, now: Date): Promise<PendingIdentity | null> {
    const { rows } = await sql<{
      user_id: string | null;
      issuer: string | null;
      subject: string | null;
      national_id: string | null;
      record: NicRecord | null;
    }>`select user_id, issuer, subject, national_id, record from auth.identity_pending
       where key_hash = ${hash(key)}
         and created_at >= ${now}::timestamptz - make_interval(mins => ${PENDING_IDENTITY_MINUTES})`.execute(this.db);
    const r = rows[0];
    if (!r) return null;
    const sso =
      r.issuer && r.subject && r.national_id
        ? { issuer: r.issuer, subject: r.subject, nationalId: r.national_id }
        : null;
    return { userId: r.user_id, sso, record: r.record };
  }

  async setRecord(key: string, record: NicRecord): Promise<void> {
    await sql`update auth.identity_pending set record = ${JSON.stringify(record)}::jsonb
              where key_hash = ${hash(key)}`.execute(this.db);
  }

  /** A one-time key that signs this user in at the admin site; only its hash is kept. */
  async issueAdminKey(userId: string, now: Date): Promise<string> {
    const key = newKey();
    await sql`delete from auth.admin_keys where created_at < ${now}::timestamptz - make_interval(secs => ${ADMIN_KEY_SECONDS})`.execute(
      this.db,
    );
    await sql`insert into auth.admin_keys (key_hash, user_id, created_at) values (${hash(key)}, ${userId}, ${now})`.execute(
      this.db,
    );
    return key;
  }

  /** The user of a key, once (redeeming deletes it); null when unknown or expired. */
  async redeemAdminKey(key: string, now: Date): Promise<string | null> {
    const { rows } = await sql<{ user_id: string }>`
      delete from auth.admin_keys where key_hash = ${hash(key)}
        and created_at >= ${now}::timestamptz - make_interval(secs => ${ADMIN_KEY_SECONDS})
      returning user_id`.execute(this.db);
    return rows[0]?.user_id ?? null;
  }

  async dropPending(key: string): Promise<void> {
    await sql`delete from auth.identity_pending where key_hash = ${hash(key)}`.execute(this.db);
  }
}
