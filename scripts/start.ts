// npm start: the whole portal in one process on the embedded default (or DATABASE_URL / REDIS_URL / EVENTSTORE_URL).

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '../api/app.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../commands/db/embedded.ts';
import { withDatabase } from '../commands/db/pool.ts';
import { LocalFolderStorage } from '../commands/files/storage.ts';
import { LocalLicenceRegistry } from '../commands/practitioner/licence-registry.ts';
import { clientConfig } from '../domain/shared/clients.ts';
import { RoleNameKey } from '../domain/shared/roles.ts';
import { configFromEnv, onStop, ssoSettingsFor } from '../workers/config.ts';
import { CITIZENS } from '../workers/identity/citizens.ts';
import { type LocalServer, startLocalNicServer } from '../workers/identity/local-nic-server.ts';
import { startLocalOidcProvider } from '../workers/identity/local-oidc-provider.ts';
import type { NicMode } from '../workers/identity/sandbox.ts';
import { startLocalCfhsServer } from '../workers/practitioner/local-cfhs-server.ts';
import { createRuntime, depsFrom } from '../workers/runtime.ts';
import { loadDemoYear } from './demo/year.ts';
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
  // The app's sources, its page and its build settings (a changed vite.config.ts changes what a build writes).
  const sources = Math.max(
    newestMtime(join(root, 'web', 'src')),
    statSync(join(root, 'web', 'index.html')).mtimeMs,
    statSync(join(root, 'web', 'vite.config.ts')).mtimeMs,
  );
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
  const config = { ...configFromEnv(databaseUrl), dataDir };
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  // The national identity service and, with SSO_ENABLED=1, the national single sign-on: local ones with the fixture
  // citizens (README, "National single sign-on") unless NIC_URL / SSO_ISSUER_URL name real ones.
  // Without NIC_URL the local identity service runs in its SANDBOX mode (any id of the client's pattern is answered
  // with a sandbox record), except in production, where only the fixture citizens are (STRICT). README.
  const locals: LocalServer[] = [];
  let nicMode: NicMode | null = null;
  if (!config.nicUrl) {
    nicMode = config.environment === 'production' ? 'strict' : 'sandbox';
    const nic = await startLocalNicServer({
      port: Number(process.env.NIC_PORT ?? 0),
      mode: nicMode,
      idPattern: clientConfig(config.clientCode).idNumberPattern,
    });
    locals.push(nic);
    config.nicUrl = nic.url;
  }
  // The licensing register (CFHS numbers): a local one of the same HTTP shape unless CFHS_URL names the real one; it
  // answers from <dataDir>/licences.json, else the fixture licences, so the HTTP adapter runs end to end.
  const localCfhs = !config.cfhsUrl;
  const licenceExport = join(dataDir, 'licences.json');
  if (localCfhs) {
    const cfhs = await startLocalCfhsServer({
      port: Number(process.env.CFHS_PORT ?? 0),
      source: new LocalLicenceRegistry(licenceExport),
      ...(config.cfhsApiKey ? { apiKey: config.cfhsApiKey } : {}),
    });
    locals.push(cfhs);
    config.cfhsUrl = cfhs.url;
  }
  if (!config.sso && process.env.SSO_ENABLED === '1') {
    const client = { clientId: 'portal', clientSecret: randomBytes(24).toString('base64url') };
    const settings = ssoSettingsFor('', client, process.env.PUBLIC_URL ?? url, process.env);
    const provider = await startLocalOidcProvider(
      { ...client, redirectUri: settings.redirectUri, postLogoutRedirectUri: settings.postLogoutRedirectUri },
      { port: Number(process.env.SSO_PORT ?? 0) },
    );
    locals.push(provider);
    config.sso = { ...settings, issuer: provider.issuer };
  }
  const runtime = await createRuntime(config);
  // The demo content's pictures go where the app's file storage reads (filesDir below).
  const filesDir = join(dataDir, 'files');
  const files = new LocalFolderStorage(filesDir);
  const created = await loadDemoData(runtime.store, runtime.client.code, files);
  await runtime.startWorkers();
  // A year of activity through the commands, once (DEMO_YEAR=off leaves it out: the browser journeys start empty).
  const year =
    process.env.DEMO_YEAR === 'off'
      ? null
      : await loadDemoYear(runtime.store, runtime.client, { nic: runtime.identity });
  const app = await buildApp(depsFrom(runtime, 2000), {
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    filesDir,
  });
  await app.listen({ port, host });

  const roleName = (id: number) => RoleNameKey[id as keyof typeof RoleNameKey].replace(/^Role/, '');
  console.log('');
  console.log(`Volunteer portal (${runtime.client.code}) is running.`);
  console.log(`  Sign in:   ${url}/ar/login   (English: ${url}/en/login)`);
  console.log(`  API docs:  ${url}/api/docs     Health: ${url}/api/health/live (detail: /api/health, admins)`);
  console.log(
    `  Database:  ${embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}; events: ${runtime.store.kind}; jobs: ${runtime.queue.kind}; mail sink: ${join(dataDir, 'mail')}`,
  );
  if (year)
    console.log(
      year.loaded
        ? `  Demo year: ${year.volunteers} volunteers, ${year.events} events, ${year.commands} commands in ${(year.ms / 1000).toFixed(1)} s.`
        : '  Demo year: already loaded.',
    );
  console.log(`  Demo data: ${created ? `loaded ${created} users` : 'already loaded'}. Logins:`);
  for (const d of DEMO_LOGINS)
    console.log(`    ${d.userName.padEnd(11)} ${d.password.padEnd(16)} ${roleName(d.roleId).padEnd(14)} ${d.note}`);
  console.log(
    nicMode
      ? `  Identity:  local identity service ${config.nicUrl}, ${nicMode.toUpperCase()} mode (${nicMode === 'sandbox' ? 'any id of the client pattern is verified with a sandbox record; set NIC_URL for a real service' : 'fixture citizens only'})`
      : `  Identity:  configured identity service ${config.nicUrl} (NIC_URL)`,
  );
  console.log(
    `  Licences:  ${localCfhs ? `local licensing register ${config.cfhsUrl} (${licenceExport}, else the fixture licences; set CFHS_URL for the real one)` : `configured licensing register ${config.cfhsUrl} (CFHS_URL)`}`,
  );
  if (config.sso) {
    console.log(`  Single sign-on: ${config.sso.issuer} — citizens (national id / password, README):`);
    for (const c of CITIZENS) console.log(`    ${c.record.nationalId}  ${c.password}  born ${c.record.birthDate}`);
  }
  console.log('');

  onStop(async () => {
    await app.close();
    await runtime.close();
    for (const l of locals) await l.close();
    await embedded?.stop();
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
