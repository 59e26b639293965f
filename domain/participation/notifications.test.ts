import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { MAX_READ_IDS, NOTIFICATION_SOURCE, NotificationType, notificationsDecider } from './notifications.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const given = specFor(notificationsDecider, () => NOW);
const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('marking notifications read', () => {
  it('records the ids the user read, once each', () => {
    given()
      .when({ type: 'MarkRead', ids: [ID, ID.toUpperCase()] })
      .thenEmits([{ type: 'NotificationsRead', data: { ids: [ID], all: false, at: NOW.toISOString() } }]);
  });

  it('records "all read"', () => {
    given()
      .when({ type: 'MarkAllRead' })
      .thenEmits([{ type: 'NotificationsRead', data: { ids: [], all: true, at: NOW.toISOString() } }]);
  });

  it('refuses an empty list, a malformed id and too many ids', () => {
    given().when({ type: 'MarkRead', ids: [] }).thenFails('ValidationFailed');
    given()
      .when({ type: 'MarkRead', ids: ['not-an-id'] })
      .thenFails('ValidationFailed');
    const many = Array.from({ length: MAX_READ_IDS + 1 }, (_, i) => `${ID.slice(0, 24)}${String(i).padStart(12, '0')}`);
    given().when({ type: 'MarkRead', ids: many }).thenFails('ValidationFailed');
  });
});

describe('notification types', () => {
  it('keeps 16 for "opportunity extended", from ExtensionOffered', () => {
    expect(NotificationType.OpportunityExtended).toBe(16);
    expect(NOTIFICATION_SOURCE.ExtensionOffered).toBe(16);
  });

  it('derives each type from exactly one event', () => {
    const types = Object.values(NOTIFICATION_SOURCE);
    expect(new Set(types).size).toBe(types.length);
    expect([...types].sort((a, b) => a - b)).toEqual(Object.values(NotificationType).sort((a, b) => a - b));
  });
});
