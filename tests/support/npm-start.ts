import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * `count` distinct free ports: every listener stays open until all are taken, so the kernel cannot hand the same
 * port out twice (the portal's port and its PostgreSQL's once came back equal: EADDRINUSE at start).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const s = createServer();
      servers.push(s);
      ports.push(
        await new Promise<number>((res, rej) => {
          s.once('error', rej);
          s.listen(0, '127.0.0.1', () => {
            const a = s.address();
            res(typeof a === 'object' && a ? a.port : 0);
          });
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r(undefined)))));
  }
}

export interface StartedPortal {
  url: string;
  /** PORTAL_DATA_DIR of this portal: the mail sink is `<dataDir>/mail/*.eml`. Removed by stop(). */
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The portal started the way README says (`npm start`), on the embedded default: no DATABASE_URL, no REDIS_URL,
 * no EVENTSTORE_URL, in a data folder of its own. Resolves once it prints where to log in.
 */
export async function npmStart(timeoutMs = 180_000, extraEnv: NodeJS.ProcessEnv = {}): Promise<StartedPortal> {
  // A port found free can be taken by another test file's process before this portal binds it: start again on
  // other ports then (a failure of any other kind is the test's answer and is not retried).
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(timeoutMs, extraEnv);
    } catch (e) {
      if (attempt >= 3 || !String((e as Error).message).includes('EADDRINUSE')) throw e;
    }
  }
}

async function startOnce(timeoutMs: number, extraEnv: NodeJS.ProcessEnv): Promise<StartedPortal> {
  const root = resolve(import.meta.dirname, '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as the postgres user (not root) and must reach its folder
  const [port, pgPort] = await freePorts(2);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PG_PORT: String(pgPort),
    PORTAL_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // A test environment: no captcha (as the spec's local one) unless the journey asks for it (CAPTCHA=on).
    PORTAL_ENV: 'test',
    // Without the demo year unless asked for (DEMO_YEAR: 'on'): the journeys count their own rows from an empty portal.
    DEMO_YEAR: 'off',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.EVENTSTORE_URL;
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stopGroup = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM'); // the whole group: npm, node, and the embedded PostgreSQL it started
    } catch {}
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const up = new Promise<void>((res, rej) => {
    const t = setTimeout(() => rej(new Error(`npm start did not come up in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const check = () => {
      if (out.includes('is running')) {
        clearTimeout(t);
        res();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(t);
      rej(new Error(`npm start exited with ${code}:\n${out}`));
    });
  });
  try {
    await up;
  } catch (e) {
    await stopGroup(); // nothing of a failed start is left running or on disk
    throw e;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => out,
    stop: stopGroup,
  };
}
