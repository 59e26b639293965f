import { describe, expect, it } from 'vitest';
import { EVERY_SOURCE } from '../account/events.ts';
import { EVENT_VERSIONS } from '../event-versions.ts';
import type { DomainEvent } from './decider.ts';
import { eitherOf, eventTypes, schemaVersionOf, upcast, type VersionRegistry } from './upcast.ts';

// A made-up history: v1 stored the amount as a string, v2 renamed it, v3 is the current shape.
const registry: VersionRegistry = {
  Paid: {
    current: 3,
    detect: (d) => (d !== null && typeof d === 'object' && 'cents' in d ? 3 : 'amount' in Object(d) ? 1 : 2),
    up: {
      1: (d) => ({ total: Number((d as { amount: string }).amount) }),
      2: (d) => ({ cents: (d as { total: number }).total * 100 }),
    },
  },
};

describe('upcasting a stored event to the current shape', () => {
  it('runs every step from the stored version to the current one, in order', () => {
    expect(upcast(registry, 'Paid', { amount: '12' }, 1)).toEqual({ cents: 1200 });
    expect(upcast(registry, 'Paid', { total: 3 }, 2)).toEqual({ cents: 300 });
  });

  it('leaves data already at the current version as it is (the same object)', () => {
    const data = { cents: 5 };
    expect(upcast(registry, 'Paid', data, 3)).toBe(data);
  });

  it('dates data stored without a version by its shape', () => {
    expect(upcast(registry, 'Paid', { amount: '7' }, undefined)).toEqual({ cents: 700 });
    expect(upcast(registry, 'Paid', { cents: 9 }, undefined)).toEqual({ cents: 9 });
  });

  it('passes a type without history through, at version 1', () => {
    const data = { x: 1 };
    expect(upcast(registry, 'Other', data, undefined)).toBe(data);
    expect(schemaVersionOf(registry, 'Other')).toBe(1);
    expect(schemaVersionOf(registry, 'Paid')).toBe(3);
  });

  it('refuses a version it has no step for, rather than guess', () => {
    expect(() => upcast(registry, 'Paid', {}, 0)).toThrow(/No upcaster for Paid version 0/);
  });
});

describe('AccountLocked versions', () => {
  const v1 = { at: '2026-01-01T10:00:00.000Z', until: '2026-01-01T10:15:00.000Z', failedAttempts: 5 };

  it('reads a version 1 lock (stored before locks were per source) as a lock on every source', () => {
    expect(upcast(EVENT_VERSIONS, 'AccountLocked', v1, undefined)).toEqual({ ...v1, source: EVERY_SOURCE });
    expect(upcast(EVENT_VERSIONS, 'AccountLocked', v1, 1)).toEqual({ ...v1, source: EVERY_SOURCE });
  });

  it('keeps the source of a version 2 lock, versioned or not', () => {
    const v2 = { ...v1, source: '10.0.0.1' };
    expect(upcast(EVENT_VERSIONS, 'AccountLocked', v2, undefined)).toBe(v2);
    expect(upcast(EVENT_VERSIONS, 'AccountLocked', v2, 2)).toBe(v2);
    expect(schemaVersionOf(EVENT_VERSIONS, 'AccountLocked')).toBe(2);
  });
});

describe('event type lists', () => {
  type A = DomainEvent<'A1', object> | DomainEvent<'A2', object>;
  type B = DomainEvent<'B1', object>;
  const a = eventTypes<A>({ A1: true, A2: true });
  const b = eventTypes<B>({ B1: true });

  it('know their union, and only it', () => {
    expect(a.types).toEqual(['A1', 'A2']);
    expect(a.has('A2')).toBe(true);
    expect(a.has('B1')).toBe(false);
    expect(eitherOf(a, b).has('B1')).toBe(true);
    expect(eitherOf(a, b).types).toEqual(['A1', 'A2', 'B1']);
  });
});
