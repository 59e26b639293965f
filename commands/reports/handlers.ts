import { type ReportCommand, reportsDecider, reportsStream } from '../../domain/reports/decide.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand } from '../handle.ts';

/** Records an export (an audited action) before its file is sent. */
export async function recordExport(
  store: EventStore,
  userId: string,
  command: ReportCommand,
  ctx: CommandContext,
): Promise<Position> {
  return (await handleCommand(store, reportsStream(userId), reportsDecider, command, ctx)).position;
}
