import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
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
  const root = resolve(import.meta.dirname, '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as the postgres user (not root) and must reach its folder
  const port = await freePort();
  const pgPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PG_PORT: String(pgPort),
    PORTAL_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
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
  await new Promise<void>((res, rej) => {
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
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => out,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM'); // the whole group: npm, node, and the embedded PostgreSQL it started
      } catch {}
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
