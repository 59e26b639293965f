import {
  type ExportRequest,
  type ExportState,
  type ReportCommand,
  reportsDecider,
  reportsStream,
} from '../../domain/reports/decide.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';

/** Records an export (an audited action) before its file is sent, or an export job's request, end or failure. */
export async function recordExport(
  store: EventStore,
  userId: string,
  command: ReportCommand,
  ctx: CommandContext,
): Promise<Position> {
  return (await handleCommand(store, reportsStream(userId), reportsDecider, command, ctx)).position;
}

/** Starts an export job: `ExportRequested` on the requester's stream (a reactor enqueues the job). */
export function requestExport(store: EventStore, userId: string, request: ExportRequest, ctx: CommandContext) {
  return recordExport(store, userId, { type: 'RequestExport', ...request }, ctx);
}

/** One of the user's export jobs, from her own stream: nobody else's exports can be named here. */
export async function exportOf(store: EventStore, userId: string, exportId: string): Promise<ExportState | null> {
  return (await loadFolded(store, reportsStream(userId), reportsDecider)).state.jobs[exportId] ?? null;
}
