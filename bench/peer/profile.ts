// Where a server's main thread spends a measured window: a V8 CPU profile taken in-process (node:inspector), summed
// by self time into areas (a package, Node's internals, a file of the project, GC) and into the heaviest functions.
import { Session } from 'node:inspector/promises';
import { relative, resolve } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  /** Sampled milliseconds that were not idle. */
  busyMs: number;
  /** [area, share of busy time] by decreasing share. */
  areas: [string, number][];
  /** [function (file:line), share of busy time] by decreasing share. */
  functions: [string, number][];
}

const ROOT = resolve(import.meta.dirname, '..', '..');

function areaOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const path = url.startsWith('file://') ? new URL(url).pathname : url;
  return relative(ROOT, path).split('/').slice(0, 2).join('/');
}

export function summarise(profile: CpuProfile, top = 12): ProfileSummary {
  const hits = profile.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0);
  const msPerHit = hits ? (profile.endTime - profile.startTime) / 1000 / hits : 0;
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const n of profile.nodes) {
    const h = n.hitCount ?? 0;
    const { functionName, url, lineNumber } = n.callFrame;
    if (!h || functionName === '(idle)') continue;
    busy += h;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + h);
    const where = url ? `${areaOf(url, functionName)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    functions.set(key, (functions.get(key) ?? 0) + h);
  }
  const shares = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => [k, busy ? v / busy : 0] as [string, number]);
  return { busyMs: busy * msPerHit, areas: shares(areas), functions: shares(functions) };
}

/** Starts profiling this process; the returned function stops and summarises. */
export async function startProfile(): Promise<() => Promise<ProfileSummary>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    return summarise(profile as unknown as CpuProfile);
  };
}

export const summaryText = (name: string, s: ProfileSummary) =>
  [
    `${name}: ${s.busyMs.toFixed(0)} ms of the main thread busy`,
    `  areas: ${s.areas.map(([a, v]) => `${a} ${(v * 100).toFixed(1)} %`).join(', ')}`,
    ...s.functions.map(([f, v]) => `  ${(v * 100).toFixed(1).padStart(5)} %  ${f}`),
  ].join('\n');
