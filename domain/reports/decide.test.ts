import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { type ReportCommand, type ReportEvent, type ReportsState, reportsDecider } from './decide.ts';

const now = new Date('2026-03-01T10:00:00Z');
const at = '2026-03-01T10:00:00.000Z';
const fold = (events: readonly ReportEvent[]): ReportsState =>
  events.reduce(reportsDecider.evolve, reportsDecider.initialState());
const decide = (given: readonly ReportEvent[], cmd: ReportCommand) => reportsDecider.decide(cmd, fold(given), now);
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
  return null;
};

const request = {
  exportId: 'e1',
  source: 'volunteers',
  format: 'xlsx' as const,
  formatted: true,
  language: 'ar' as const,
  filters: { status: 3, name: 'سارة' },
  scope: { regionIds: [1], cityIds: [] },
};
const requested: ReportEvent = { type: 'ExportRequested', data: { ...request, at } };

describe('reports', () => {
  it('records an export of the users log with its filters', () => {
    const filters = { from: '2026-01-01', to: null, loginStatuses: [1, 3], ip: null, userAgent: 'Firefox' };
    const events = decide([], { type: 'ExportUsersLog', filters });
    expect(events).toEqual([{ type: 'UsersLogExported', data: { filters, at } }]);
    expect(fold(events)).toEqual({ exports: 1, jobs: {} });
  });

  it('records an export request with its source, format, filters and scope', () => {
    const events = decide([], { type: 'RequestExport', ...request });
    expect(events).toEqual([requested]);
    const s = fold(events);
    expect(s.exports).toBe(1);
    expect(s.jobs.e1).toMatchObject({
      status: 'requested',
      source: 'volunteers',
      scope: { regionIds: [1], cityIds: [] },
    });
  });

  it('refuses the same export id twice', () => {
    expect(codeOf(() => decide([requested], { type: 'RequestExport', ...request }))).toBe('ConcurrencyConflict');
  });

  it('completes a requested export with its row count and file', () => {
    const events = decide([requested], { type: 'CompleteExport', exportId: 'e1', rows: 42, fileId: 'f1' });
    expect(events).toEqual([{ type: 'ExportCompleted', data: { exportId: 'e1', rows: 42, fileId: 'f1', at } }]);
    expect(fold([requested, ...events]).jobs.e1).toMatchObject({ status: 'completed', rows: 42, fileId: 'f1' });
  });

  it('fails a requested export with a bounded reason', () => {
    const events = decide([requested], { type: 'FailExport', exportId: 'e1', reason: 'x'.repeat(900) });
    expect(events[0]!.type).toBe('ExportFailed');
    expect((events[0]!.data as { reason: string }).reason).toHaveLength(500);
    expect(fold([requested, ...events]).jobs.e1?.status).toBe('failed');
  });

  it('refuses to finish an unknown or an already finished export', () => {
    expect(codeOf(() => decide([], { type: 'CompleteExport', exportId: 'e1', rows: 1, fileId: 'f' }))).toBe('NotFound');
    const done: ReportEvent = { type: 'ExportCompleted', data: { exportId: 'e1', rows: 1, fileId: 'f', at } };
    expect(codeOf(() => decide([requested, done], { type: 'FailExport', exportId: 'e1', reason: 'late' }))).toBe(
      'InvalidStatusChange',
    );
    expect(codeOf(() => decide([requested], { type: 'CompleteExport', exportId: 'e1', rows: -1, fileId: 'f' }))).toBe(
      'ValidationFailed',
    );
  });
});
