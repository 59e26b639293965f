// Closed-loop HTTP load from a child process (bench/load-client.ts), so that the clients' CPU is neither the portal's
// main thread nor counted as the portal's: what a separate load generator such as autocannon would do. Hand-written
// rather than autocannon because every job here is a distinct request sent exactly once (a new draft, a new join)
// and the next phase needs to know which ones succeeded.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** One request: the session's cookie and CSRF token, and a JSON body if any. */
export interface LoadJob {
  method: 'POST' | 'PUT';
  path: string;
  cookie: string;
  csrf: string;
  body?: string;
}

export interface LoadSpec {
  /** Where to send: client k uses bases[k % bases.length] (several API processes), else `base`. */
  base: string;
  bases?: string[];
  clients: number;
  warmupMs: number;
  measureMs: number;
  count: number;
  /** A module (URL) exporting `jobFor(i, payload): LoadJob`; without it, `payload` is the LoadJob[] itself. */
  factory?: string;
  payload: unknown;
}

export interface LoadResult {
  /** Successful requests per second over the measured window. */
  rate: number;
  /** Latencies (ms) of the successful requests of the measured window. */
  lat: number[];
  errors: number;
  /** Indexes of the jobs that answered 200, over the whole run. */
  succeeded: number[];
  seconds: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/**
 * Runs the load; `window.start` and `window.end` are called when the measured window opens and closes (to sample CPU
 * and database counters over exactly that window; `end` is told the cores the load generator used). Answers the
 * result and those cores.
 */
export function runLoad(
  spec: LoadSpec,
  window: { start?: () => void | Promise<void>; end?: (clientCores: number) => void | Promise<void> } = {},
): Promise<LoadResult & { clientCores: number }> {
  const child = fork(new URL('./load-client.ts', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let cpu0 = 0;
  let t0 = 0;
  let clientCores = 0;
  return new Promise((resolve, reject) => {
    // One message at a time: 'done' must not overtake the window's end.
    let chain = Promise.resolve();
    child.on('message', (m: { type: string; result?: LoadResult }) => {
      chain = chain.then(() => handle(m));
    });
    const handle = async (m: { type: string; result?: LoadResult }) => {
      try {
        if (m.type === 'start') {
          cpu0 = processCpuSeconds(child.pid!);
          t0 = performance.now();
          await window.start?.();
        } else if (m.type === 'end') {
          clientCores = (processCpuSeconds(child.pid!) - cpu0) / ((performance.now() - t0) / 1000);
          await window.end?.(clientCores);
        } else if (m.type === 'done') resolve({ ...m.result!, clientCores });
      } catch (e) {
        reject(e);
      }
    };
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(spec);
  });
}
