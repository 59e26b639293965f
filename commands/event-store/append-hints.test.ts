import { describe, expect, it } from 'vitest';
import { decodeHint, encodeHints } from './append-hints.ts';

describe('append hints payloads', () => {
  it('round-trips the origin and the stream names', () => {
    const [payload, ...rest] = encodeHints('o-1', ['registration-1', 'participation-2_3']);
    expect(rest).toEqual([]);
    expect(decodeHint(payload!)).toEqual({ origin: 'o-1', streams: ['registration-1', 'participation-2_3'] });
  });

  it("splits many streams into payloads under PostgreSQL's 8000-byte NOTIFY limit, losing none", () => {
    const streams = Array.from({ length: 600 }, (_, i) => `participation-${'x'.repeat(30)}-${i}`);
    const payloads = encodeHints('origin', streams);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => decodeHint(p)!.streams)).toEqual(streams);
  });

  it('counts bytes, not characters, for Arabic stream names', () => {
    const streams = Array.from({ length: 400 }, (_, i) => `تسجيل-${'ع'.repeat(20)}-${i}`);
    for (const p of encodeHints('o', streams)) expect(Buffer.byteLength(p)).toBeLessThan(8000);
  });

  it('ignores payloads that are not hints', () => {
    expect(decodeHint('not json')).toBeNull();
    expect(decodeHint('{"o":1,"s":[]}')).toBeNull();
    expect(decodeHint('{"o":"a","s":["x",2]}')).toEqual({ origin: 'a', streams: ['x'] });
  });
});
