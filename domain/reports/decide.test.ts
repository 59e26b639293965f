import { describe, expect, it } from 'vitest';
import { reportsDecider } from './decide.ts';

describe('reports', () => {
  it('records an export of the users log with its filters', () => {
    const filters = { from: '2026-01-01', to: null, loginStatuses: [1, 3], ip: null, userAgent: 'Firefox' };
    const now = new Date('2026-03-01T10:00:00Z');
    const events = reportsDecider.decide({ type: 'ExportUsersLog', filters }, reportsDecider.initialState(), now);
    expect(events).toEqual([{ type: 'UsersLogExported', data: { filters, at: '2026-03-01T10:00:00.000Z' } }]);
    expect(reportsDecider.evolve(reportsDecider.initialState(), events[0]!)).toEqual({ exports: 1 });
  });
});
