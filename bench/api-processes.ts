// The scaled topology of docker-compose on this machine: API processes (api/main.ts: HTTP only, no projections or
// jobs) beside the benchmark's own process, which runs the projections and jobs as the workers process would.
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { processCpuSeconds } from './load.ts';

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const address = srv.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((r) => srv.close(r));
  return port;
}

export interface ApiProcesses {
  bases: string[];
  /** CPU seconds the API processes have used so far, together. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export async function startApiProcesses(n: number, databaseUrl: string, dataDir: string): Promise<ApiProcesses> {
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  for (let i = 0; i < n; i++) {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORTAL_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    // The same job and event-store adapters as the benchmark's own runtime.
    delete env.REDIS_URL;
    delete env.EVENTSTORE_URL;
    children.push(fork(resolve(import.meta.dirname, '../api/main.ts'), [], { env, stdio: 'inherit' }));
    bases.push(`http://127.0.0.1:${port}`);
  }
  for (const base of bases) {
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${base}/api/health/live`).then(
        (r) => r.status < 500,
        () => false,
      );
      if (up) break;
      if (tries > 300) throw new Error(`API process at ${base} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    bases,
    cpuSeconds: () => children.reduce((sum, c) => sum + processCpuSeconds(c.pid!), 0),
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((r) => {
              c.once('exit', () => r());
              c.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
