/**
 * Read-your-writes for this browser tab: the log position of the latest command answer. Reads whose answer must
 * include this tab's own changes pass it as ?after=<position>, and the server answers once its read models have it.
 * Positions are global to the event log, so one tracker serves every feature.
 */

import type { QueryClient, QueryKey } from '@tanstack/react-query';

let latest: { text: string; commit: bigint; prepare: bigint } | null = null;

const POSITION = /^(-?\d+)\.(-?\d+)$/;

/** Records a command's answered position; an older one arriving late (concurrent commands) never moves it back. */
export function rememberPosition(position: string | null | undefined): void {
  const m = position ? POSITION.exec(position) : null;
  if (!position || !m) return;
  const commit = BigInt(m[1]!);
  const prepare = BigInt(m[2]!);
  if (latest && (commit < latest.commit || (commit === latest.commit && prepare <= latest.prepare))) return;
  latest = { text: position, commit, prepare };
}

/** The latest position this tab has written, or null before its first command. */
export function lastPosition(): string | null {
  return latest?.text ?? null;
}

/** `path` with `after=<latest position>` appended (as ? or &), or `path` unchanged before the first command. */
export function withAfter(path: string): string {
  if (!latest) return path;
  return `${path}${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(latest.text)}`;
}

/** Forgets the position (a new session starts clean; tests start from nothing). */
export function forgetPosition(): void {
  latest = null;
}

/**
 * A command's answer, once its position is remembered and the queries under `key` are refetched: what the screens
 * read next includes the change.
 */
export async function afterCommand<T extends { position?: string | null }>(
  queryClient: QueryClient,
  key: QueryKey,
  done: Promise<T>,
): Promise<T> {
  const res = await done;
  rememberPosition(res.position);
  await queryClient.invalidateQueries({ queryKey: key });
  return res;
}

/** The `after` of a read's query: the latest position this tab has written, or left out before its first command. */
export function afterPosition(): string | undefined {
  return latest?.text;
}
