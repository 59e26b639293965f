import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A client's x-request-id becomes the audit's correlation id: only a short safe token is taken, else a new UUID. */
export const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Longest user agent and client address kept in a login event (and so in the login log). */
export const USER_AGENT_MAX = 512;
export const IP_MAX = 64;

export function requestIdOf(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && REQUEST_ID.test(h) ? h : randomUUID();
}

/** A header value fit to store: control characters dropped, cut to `max`, null when nothing is left. */
export function storableHeader(value: string | string[] | undefined, max: number): string | null {
  if (typeof value !== 'string') return null;
  let out = '';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff)) continue;
    out += ch;
    if (out.length >= max) break;
  }
  out = out.slice(0, max);
  return out === '' ? null : out;
}
