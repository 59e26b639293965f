import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type Kysely, sql } from 'kysely';
import { DomainError } from '../../domain/shared/errors.ts';
import type { AnyDB } from '../db/kysely.ts';
import { registerSchema } from '../db/migrate.ts';

// Solved challenges already accepted (by their signature) until they expire: a solution is good for one request.
registerSchema(
  'auth',
  `
      create table if not exists auth.captcha_spent (
        signature text primary key,
        expires_at timestamptz not null
      );
      create index if not exists captcha_spent_expires_idx on auth.captcha_spent (expires_at);`,
);

/** The proof of work: PBKDF2/SHA-256, which the widget's own worker solves (about a second on a phone). */
const ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_MINUTES = 10;
const MAX_PAYLOAD = 4000;

export type CaptchaChallenge = Awaited<ReturnType<typeof createChallenge>>;

/**
 * The self-hosted captcha (ALTCHA, no third party): signed proof-of-work challenges, and their solutions checked and
 * spent. Off (`enabled: false`) where the spec hides the captcha: a local environment.
 */
export class Captcha {
  readonly enabled: boolean;
  private readonly secret: string;
  private readonly db: Kysely<AnyDB>;
  private readonly cost: number;
  constructor(opts: { enabled: boolean; key: Buffer; db: Kysely<AnyDB>; cost?: number }) {
    this.enabled = opts.enabled;
    this.secret = opts.key.toString('hex');
    this.db = opts.db;
    this.cost = opts.cost ?? 5_000;
  }

  challenge(now = new Date()): Promise<CaptchaChallenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.cost,
      deriveKey,
      expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
      hmacSignatureSecret: this.secret,
    });
  }

  /** Checks the widget's payload (base64 JSON) and spends it: WrongCaptcha when missing, wrong, expired or replayed. */
  async verify(payload: string | undefined, now = new Date()): Promise<void> {
    if (!this.enabled) return;
    const parsed = parsePayload(payload);
    if (!parsed) throw new DomainError('WrongCaptcha');
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: this.secret,
    }).catch(() => null);
    if (!result?.verified || !parsed.challenge.signature) throw new DomainError('WrongCaptcha');
    const expiresAt = new Date(
      (parsed.challenge.parameters.expiresAt ?? now.getTime() / 1000 + CHALLENGE_MINUTES * 60) * 1000,
    );
    const { rows } = await sql<{ signature: string }>`
      insert into auth.captcha_spent (signature, expires_at) values (${parsed.challenge.signature}, ${expiresAt})
      on conflict (signature) do nothing returning signature`.execute(this.db);
    await sql`delete from auth.captcha_spent where expires_at < ${now}`.execute(this.db);
    if (rows.length === 0) throw new DomainError('WrongCaptcha', { replayed: true });
  }
}

type Parsed = Pick<Parameters<typeof verifySolution>[0], 'challenge' | 'solution'>;

function parsePayload(payload: string | undefined): Parsed | null {
  if (!payload || payload.length > MAX_PAYLOAD) return null;
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Parsed>;
    const c = p.challenge;
    const s = p.solution;
    if (!c || typeof c !== 'object' || !c.parameters || typeof c.parameters !== 'object') return null;
    if (typeof c.parameters.algorithm !== 'string' || c.parameters.algorithm !== ALGORITHM) return null;
    if (!s || typeof s !== 'object' || typeof s.counter !== 'number' || typeof s.derivedKey !== 'string') return null;
    return { challenge: c, solution: s };
  } catch {
    return null;
  }
}
