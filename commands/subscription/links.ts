import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventStore } from '../event-store/port.ts';

/** What a link does: confirm a subscription, or end it (the unsubscribe link of every mail). */
export type LinkPurpose = 'confirm' | 'unsubscribe';

/**
 * The mail list's links: `<subscriptionId>.<nonce>.<signature>`, the signature an HMAC-SHA256 (128 bits kept) of the
 * purpose, id and nonce under the deployment's key. The log keeps only the nonce, so neither the log nor a backup of
 * it can make a working link; the subscription's stream makes each link single-use (a new request replaces the
 * nonces, a confirmation is not repeated).
 */
export class LinkSigner {
  private readonly key: Buffer;
  constructor(key: Buffer) {
    if (key.length < 32) throw new Error('the link signing key needs at least 32 bytes');
    this.key = key;
  }

  private mac(purpose: LinkPurpose, id: string, nonce: string): Buffer {
    return createHmac('sha256', this.key).update(`${purpose}.${id}.${nonce}`).digest().subarray(0, 16);
  }

  sign(purpose: LinkPurpose, subscriptionId: string, nonce: string): string {
    return `${subscriptionId}.${nonce}.${this.mac(purpose, subscriptionId, nonce).toString('base64url')}`;
  }

  /** The id and nonce of a well-formed link signed for this purpose; null for anything else. */
  verify(purpose: LinkPurpose, token: string): { subscriptionId: string; nonce: string } | null {
    const m = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!m) return null;
    const [, id, nonce, sig] = m as unknown as [string, string, string, string];
    const given = Buffer.from(sig, 'base64url');
    const expected = this.mac(purpose, id, nonce);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { subscriptionId: id, nonce } : null;
  }
}

/** A fresh nonce for a link. */
export const newNonce = () => randomBytes(18).toString('base64url');

/** One subscriber per address: the id is a hash of the normalised address. */
export const subscriptionIdOf = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

/**
 * The deployment's key (LINK_SIGNING_KEY: base64 of 32 bytes or more); without it, one generated once and kept in a
 * file beside the data, so the API and the workers of one installation share it.
 */
export function loadLinkKey(fromEnv: string | undefined, file: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'base64');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (e) {
    // Another process of the installation wrote it first: use theirs.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
}

const signers = new WeakMap<EventStore, LinkSigner>();

/** The process's signer, paired with its store by the runtime (like the lookups' source). */
export function pairLinkSigner(store: EventStore, signer: LinkSigner): void {
  signers.set(store, signer);
}

export function linkSignerOf(store: EventStore): LinkSigner {
  const s = signers.get(store);
  if (!s) throw new Error('no link signer paired with this store (workers/runtime.ts)');
  return s;
}
