// npm start: the whole portal in one process on the embedded default (or DATABASE_URL / REDIS_URL / EVENTSTORE_URL).

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '../api/app.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../commands/db/embedded.ts';
import { withDatabase } from '../commands/db/pool.ts';
import { RoleNameKey } from '../domain/shared/roles.ts';
import { configFromEnv, onStop } from '../workers/config.ts';
import { createRuntime, depsFrom } from '../workers/runtime.ts';
import { DEMO_LOGINS, loadDemoData } from './demo-data.ts';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(process.env.PORTAL_DATA_DIR ?? join(root, '.data'));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Build the web app when it is missing or older than its sources. */
function ensureWebBuild() {
  const index = join(root, 'web', 'dist', 'index.html');
  const sources = Math.max(newestMtime(join(root, 'web', 'src')), statSync(join(root, 'web', 'index.html')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app…');
  const r = spawnSync(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--config', join(root, 'web', 'vite.config.ts'), '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      cwd: root,
    },
  );
  if (r.status !== 0) throw new Error('web build failed');
}

async function main() {
  ensureWebBuild();
  let embedded: EmbeddedServer | null = null;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const pgPort = Number(process.env.PG_PORT ?? 54329);
    console.log(`Starting the embedded PostgreSQL in ${join(dataDir, 'pg')} (port ${pgPort})…`);
    embedded = await startEmbeddedPostgres(join(dataDir, 'pg'), pgPort);
    databaseUrl = withDatabase(embedded.url, 'portal');
  }
  const runtime = await createRuntime({ ...configFromEnv(databaseUrl), dataDir });
  const created = await loadDemoData(runtime.store, runtime.client.code);
  await runtime.startWorkers();
  const app = await buildApp(depsFrom(runtime, 2000), {
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    filesDir: join(dataDir, 'files'),
  });
  await app.listen({ port, host });

  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const roleName = (id: number) => RoleNameKey[id as keyof typeof RoleNameKey].replace(/^Role/, '');
  console.log('');
  console.log(`Volunteer portal (${runtime.client.code}) is running.`);
  console.log(`  Sign in:   ${url}/ar/login   (English: ${url}/en/login)`);
  console.log(`  API docs:  ${url}/api/docs     Health: ${url}/api/health/live (detail: /api/health, admins)`);
  console.log(
    `  Database:  ${embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}; events: ${runtime.store.kind}; jobs: ${runtime.queue.kind}; mail sink: ${join(dataDir, 'mail')}`,
  );
  console.log(`  Demo data: ${created ? `loaded ${created} users` : 'already loaded'}. Logins:`);
  for (const d of DEMO_LOGINS)
    console.log(`    ${d.userName.padEnd(11)} ${d.password.padEnd(16)} ${roleName(d.roleId).padEnd(14)} ${d.note}`);
  console.log('');

  onStop(async () => {
    await app.close();
    await runtime.close();
    await embedded?.stop();
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
