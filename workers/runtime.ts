import { join } from 'node:path';
import { sql } from 'kysely';
import type pg from 'pg';
import type { ApiDeps } from '../api/http/deps.ts';
import type { MapTiles } from '../api/http/map-tiles.ts';
import { SessionStore } from '../api/http/sessions.ts';
import { Captcha } from '../commands/account/captcha.ts';
import { PostgresCredentialVault, pairCredentialVault } from '../commands/account/credentials.ts';
import { loadSecretKey } from '../commands/account/secret-key.ts';
// Their tables (failed sign-ins of unknown names, upload owners) must exist whichever process migrates first.
import '../commands/account/unknown-names.ts';
import '../commands/files/ownership.ts';
import { pairCertificates } from '../api/certificates/documents.ts';
import { pairExports } from '../api/exports/run.ts';
import { loadSigner } from '../commands/certificate/signing.ts';
import { createKysely, createPool, ensureDatabase } from '../commands/db/pool.ts';
import { type EventStore, type Position, parsePosition } from '../commands/event-store/port.ts';
import { PostgresEventStore } from '../commands/event-store/postgres.ts';
import { APP_ROLE } from '../commands/event-store/postgres-schema.ts';
import { hasReadWithHead, SharedReads } from '../commands/event-store/shared-reads.ts';
import { LocalFolderStorage } from '../commands/files/storage.ts';
import {
  HttpIdentityService,
  type IdentityService,
  IdentityServiceUnavailableError,
} from '../commands/identity/nic-service.ts';
import { SignOnState } from '../commands/identity/sign-on-state.ts';
import { OpenIdSingleSignOn, type SsoSettings } from '../commands/identity/single-sign-on.ts';
import { seedLookups } from '../commands/lookups/seed.ts';
import { pairLookupSource } from '../commands/lookups/source.ts';
import { seedPermissions } from '../commands/permissions/handlers.ts';
import { licenceRegistryFor } from '../commands/practitioner/licence-registry-http.ts';
import {
  type EmployeeDirectory,
  FileEmployeeDirectory,
  HttpEmployeeDirectory,
} from '../commands/registration/employee-directory.ts';
import { LinkSigner, loadLinkKey, pairLinkSigner } from '../commands/subscription/links.ts';
import { clientConfig } from '../domain/shared/clients.ts';
import { certificateReads } from '../projections/certificates/queries.ts';
import { projections as readModels } from '../projections/index.ts';
import { LookupCache } from '../projections/lookups/cache.ts';
import { eventWithParticipants } from '../projections/opportunity/participation-queries.ts';
import { PermissionCache } from '../projections/permissions/cache.ts';
import { rolePermissionsProjection } from '../projections/permissions/role-permissions.ts';
import type { ReadModels } from '../projections/read-models.ts';
import type { Projection } from '../projections/runner/projection.ts';
import { ProjectionRunner } from '../projections/runner/runner.ts';
import { waitForPosition } from '../projections/runner/status.ts';
import { accountReactions } from './account-reactions.ts';
import { BrowserPool } from './certificates/browser-pool.ts';
import { certificateReactions } from './certificates/reactions.ts';
import { CertificateFiles, handleRenderJobs } from './certificates/service.ts';
import { exportReactions, exportSweep } from './export-reactions.ts';
import { extensionReactions } from './extension-reactions.ts';
import { BullJobQueue } from './jobs/bullmq-queue.ts';
import { periodicJob } from './jobs/periodic.ts';
import type { JobQueue } from './jobs/port.ts';
import { PostgresJobQueue } from './jobs/postgres-queue.ts';
import { FolderMailer, type Mailer } from './mail/mailer.ts';
import { SmtpMailer } from './mail/smtp.ts';
import { migrateAll } from './migrate.ts';
import { opportunityReactions, WAITING_STATUSES } from './opportunity-reactions.ts';
import { opportunitySchedule } from './opportunity-schedule.ts';
import { practitionerReactions } from './practitioner-reactions.ts';
import { openProcessesProjection, processSweeper } from './process-reactions.ts';
import { registrationReactions } from './registration-reactions.ts';
import { subscriptionReactions } from './subscription-reactions.ts';
import { surveyReactions } from './survey-reactions.ts';
import { ticketReactions } from './ticket-reactions.ts';

/** How long a starting process waits for the permissions projection to hold the seed (a fresh database: a moment). */
const PERMISSIONS_START_WAIT_MS = 30_000;

/** The reactors the runtime runs besides the read models (their lock connections are sized into the pool). */
const REACTORS = 11;

export interface RuntimeConfig {
  databaseUrl: string;
  redisUrl?: string | undefined;
  eventstoreUrl?: string | undefined;
  clientCode?: string | undefined;
  /** Where local files go (mail sink, uploads): .data by default. */
  dataDir: string;
  /** Working connections (default 20); the held ones (locks, LISTEN) come on top. */
  poolSize?: number;
  idleSessionSeconds?: number;
  /** Projection runner tuning (tests use short polls). */
  idlePollMs?: number;
  /** SMTP for mail; without it mail goes to <dataDir>/mail, one .eml file per mail. */
  smtpUrl?: string | undefined;
  /** The address the portal is reached at, for links in mails. */
  publicUrl?: string | undefined;
  /** Run the scheduled jobs (event status by date); tests that drive them by hand turn them off. */
  schedules?: boolean;
  /**
   * Tell other processes on the same database about appends, and hear theirs (PostgreSQL LISTEN/NOTIFY): live
   * pushes reach clients of every API replica, and a separate workers process wakes at once. On by default.
   */
  crossProcessHints?: boolean;
  /** The client's HR system (spec: ValidateEmployeeCode); without it, an HR export at <dataDir>/employees.json. */
  employeeDirectoryUrl?: string | undefined;
  /**
   * The licensing register's export for CFHS numbers (local adapter); <dataDir>/licences.json by default, and without
   * that file the fixture licences (commands/practitioner/licence-registry.ts).
   */
  licenceRegistryPath?: string | undefined;
  /** The licensing register over HTTP (CFHS_URL, key CFHS_API_KEY); without it the local export above is read. */
  cfhsUrl?: string | undefined;
  cfhsApiKey?: string | undefined;
  /** The practitioners' course (spec: Course_URL in the registration response); COURSE_URL, none by default. */
  courseUrl?: string | undefined;
  /** A deployment's map tiles (MAP_TILE_URL); none by default: the web draws its offline base layer. */
  mapTiles?: MapTiles | null | undefined;
  /** Tests: projections of their own, run beside the portal's (and reported by health like them). */
  extraProjections?: readonly Projection[];
  /** How long a durable process may run before the sweeper resumes it as abandoned (default 5 s). */
  processLeaseMs?: number;
  /**
   * The Ed25519 key that signs certificates (CERTIFICATE_SIGNING_KEY: PKCS#8 PEM or its base64); without it, one
   * generated once and kept at <dataDir>/certificate-signing-key.pem.
   */
  certificateSigningKey?: string | undefined;
  /** Where the portal runs (PORTAL_ENV): the spec hides the captcha in a local environment; tests run as test. */
  environment?: PortalEnvironment;
  /** The captcha on or off (CAPTCHA); by default on, off when the environment is local or test. */
  captcha?: boolean | undefined;
  /** The captcha's HMAC key (CAPTCHA_HMAC_KEY, hex or base64); without it one kept at <dataDir>/captcha-hmac.key. */
  captchaHmacKey?: string | undefined;
  /** Tests: a cheaper proof of work. */
  captchaCost?: number;
  /** Signs forgotten-password links (RESET_LINK_KEY); without it one kept at <dataDir>/reset-link.key. */
  resetLinkKey?: string | undefined;
  /** Pages of the one browser that renders certificate PDFs (default 4). */
  pdfPages?: number;
  /**
   * The key that signs the mail list's links (LINK_SIGNING_KEY: base64 of 32 bytes or more); without it, one generated
   * once and kept in the database (auth.signing_keys), shared by every process.
   */
  linkSigningKey?: string | undefined;
  /** The national identity service (NIC_URL); without it verification answers IdentityServiceUnavailable. */
  nicUrl?: string | undefined;
  /** The national single sign-on (client config HasSingleSignOn); null or absent: off. */
  sso?: SsoSettings | null | undefined;
  /** The admin site a staff member's single sign-on goes to with a hashed key (ADMIN_SITE_URL; spec section 4). */
  adminSiteUrl?: string | undefined;
}

/** No identity service configured: every verification answers IdentityServiceUnavailable (503). */
const noIdentityService: IdentityService = {
  verify: async () => {
    throw new IdentityServiceUnavailableError('no identity service configured (NIC_URL)');
  },
};

export type PortalEnvironment = 'local' | 'test' | 'production';

/** A started process: the API's dependencies (ApiDeps documents them) but the read wait, and what runs them. */
export interface Runtime extends Omit<ApiDeps, 'readWaitMs'> {
  ownerPool: pg.Pool;
  pool: pg.Pool;
  mailer: Mailer;
  /**
   * Wait (bounded) until the permissions projection holds the seed, and load it: startWorkers does it; an API process
   * whose projections run elsewhere calls it before listening, so its first requests are not refused.
   */
  awaitPermissions(): Promise<void>;
  /** Start the projection runners and the job processors (the "workers" half). */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

export async function createRuntime(cfg: RuntimeConfig): Promise<Runtime> {
  const client = clientConfig(cfg.clientCode);
  await ensureDatabase(cfg.databaseUrl);
  const ownerPool = createPool(cfg.databaseUrl, { max: 2, applicationName: 'volunteer-portal-migrate' });
  const { appRole } = await migrateAll(ownerPool);
  // The runners and reactors hold their advisory locks on one shared connection (projections/runner/lock-keeper.ts),
  // and the append hints take one to LISTEN on: those two are held, not worked with, so they come on top of the
  // working connections asked for.
  const held = 2;
  const pool = createPool(cfg.databaseUrl, { max: (cfg.poolSize ?? 20) + held, role: appRole ? APP_ROLE : null });
  const db = createKysely<ReadModels>(pool);

  let store: EventStore;
  if (cfg.eventstoreUrl) {
    // Loaded only when asked for: the gRPC client is heavy and unused by the default.
    const { openEventStoreDb } = await import('../commands/event-store/eventstoredb.ts');
    store = openEventStoreDb(cfg.eventstoreUrl);
  } else {
    store = new PostgresEventStore(pool, { crossProcessHints: cfg.crossProcessHints ?? true });
  }
  // Password hashes stay out of the log: the account commands find them through the store's vault.
  pairCredentialVault(store, new PostgresCredentialVault(db));
  // The master data every process reads: seeded on the first start (and finished if a start was cut short).
  const lookupsSeeded = await seedLookups(store, client.code);
  const queue: JobQueue = cfg.redisUrl ? new BullJobQueue(cfg.redisUrl) : new PostgresJobQueue(db);
  const mailer: Mailer = cfg.smtpUrl ? new SmtpMailer(cfg.smtpUrl) : new FolderMailer(join(cfg.dataDir, 'mail'));
  const lookupEmail = async (userId: string) => {
    const { rows } = await sql<{ email: string; name_ar: string; name_en: string }>`
      select email, name_ar, name_en from rm.users where user_id = ${userId}`.execute(db);
    const r = rows[0];
    return r ? { email: r.email, nameAr: r.name_ar, nameEn: r.name_en } : null;
  };
  // The national identity service: the API's verification page, the registrations and their recheck job ask it.
  const identity = cfg.nicUrl ? new HttpIdentityService(cfg.nicUrl) : noIdentityService;
  const resetLinkKey = loadSecretKey(cfg.resetLinkKey, join(cfg.dataDir, 'reset-link.key'));
  const environment = cfg.environment ?? 'production';
  const captcha = new Captcha({
    enabled: cfg.captcha ?? environment === 'production',
    key: loadSecretKey(cfg.captchaHmacKey, join(cfg.dataDir, 'captcha-hmac.key')),
    db,
    ...(cfg.captchaCost ? { cost: cfg.captchaCost } : {}),
  });
  // Certificates: the deployment's key, one browser per process (started on the first render), files cached by content.
  const pdfPool = new BrowserPool({ size: cfg.pdfPages ?? 4 });
  const certificateDeps = {
    store,
    db,
    client,
    signer: loadSigner(cfg.certificateSigningKey, join(cfg.dataDir, 'certificate-signing-key.pem')),
    lookups: () => lookups.current(),
    reads: certificateReads(db),
  };
  const certificateFiles = new CertificateFiles({
    signer: certificateDeps.signer,
    pool: pdfPool,
    cacheDir: join(cfg.dataDir, 'certificates'),
    publicUrl: cfg.publicUrl ?? 'http://127.0.0.1:3000',
    files: new LocalFolderStorage(join(cfg.dataDir, 'files')),
    db,
  });
  pairCertificates(store, { deps: certificateDeps, files: certificateFiles });
  pairLinkSigner(store, new LinkSigner(await loadLinkKey(cfg.linkSigningKey, db)));
  handleRenderJobs(queue, certificateFiles);
  // Exports: files in a folder of their own (no upload route serves them), PDFs from the same browser as certificates.
  const exportFiles = { storage: new LocalFolderStorage(join(cfg.dataDir, 'exports')), pdf: pdfPool };
  pairExports(store, exportFiles);
  const projections: Projection[] = [
    ...readModels,
    accountReactions(queue, mailer, lookupEmail, cfg.publicUrl ?? 'http://127.0.0.1:3000', resetLinkKey, {
      store,
      service: identity,
      clientCode: client.code,
    }),
    registrationReactions(queue, mailer, lookupEmail),
    opportunityReactions(queue, mailer, lookupEmail, async (id, position) =>
      // The participations read model may trail the stop: read who waits once it has caught up (else retried).
      (await waitForPosition(db, ['participations', 'opportunities'], parsePosition(position), 10_000))
        ? eventWithParticipants(db, id, WAITING_STATUSES)
        : null,
    ),
    extensionReactions(queue, store, client.code),
    ticketReactions(queue, mailer, lookupEmail, store, cfg.publicUrl ?? 'http://127.0.0.1:3000'),
    surveyReactions(queue, store, mailer, lookupEmail, cfg.publicUrl ?? 'http://127.0.0.1:3000'),
    openProcessesProjection,
    certificateReactions(queue, certificateDeps),
    subscriptionReactions(queue, mailer, store, cfg.publicUrl ?? 'http://127.0.0.1:3000'),
    practitionerReactions(
      queue,
      store,
      licenceRegistryFor({
        cfhsUrl: cfg.cfhsUrl,
        cfhsApiKey: cfg.cfhsApiKey,
        exportPath: cfg.licenceRegistryPath ?? join(cfg.dataDir, 'licences.json'),
      }),
      client.code,
    ),
    exportReactions(queue, store, db, () => lookups.current(), exportFiles, client.code),
  ];
  if (projections.length !== readModels.length + REACTORS) throw new Error('REACTORS must count the reactors above');
  projections.push(...(cfg.extraProjections ?? []));
  // The runners share their reads of the log where the store reads with the head (PostgreSQL): one query per wake-up
  // instead of one per runner.
  const runnerStore = hasReadWithHead(store) ? new SharedReads(store) : store;
  const runners = projections.map(
    (p) =>
      new ProjectionRunner(
        runnerStore,
        pool,
        db,
        p,
        cfg.idlePollMs !== undefined ? { idlePollMs: cfg.idlePollMs, retryCheckMs: cfg.idlePollMs } : {},
      ),
  );
  const sessions = new SessionStore(db, cfg.idleSessionSeconds);
  const employees: EmployeeDirectory = cfg.employeeDirectoryUrl
    ? new HttpEmployeeDirectory(cfg.employeeDirectoryUrl)
    : new FileEmployeeDirectory(join(cfg.dataDir, 'employees.json'));
  const sso = cfg.sso ? new OpenIdSingleSignOn(cfg.sso) : null;
  const schedule = opportunitySchedule(queue, store, db, client.code);
  // The matrix is data: its seed goes in once, when its stream does not exist yet (every process may try; one writes).
  const seeded: Position = await seedPermissions(store, client.code);
  const permissions = new PermissionCache(db);
  const awaitPermissions = async () => {
    await waitForPosition(db, [rolePermissionsProjection.name], seeded, PERMISSIONS_START_WAIT_MS);
    await permissions.refresh();
  };
  const sweeper = processSweeper(queue, store, db, cfg.processLeaseMs);
  const exportFilesSweep = exportSweep(queue, exportFiles);
  // Sessions nobody comes back to (the tab closed, the cookie dropped) are removed a day after they ended, every hour.
  const endedSessionsSweep = periodicJob(queue, 'sessions.sweep', (now) => sessions.removeEnded(now), {
    everyMs: 3_600_000,
    bucketOf: (now) => now.toISOString().slice(0, 13),
    clock: () => new Date(),
  });

  // Its first answer waits (bounded) for the read model to hold the seed, so a fresh portal never offers empty lists.
  const lookups = new LookupCache(db, { atLeast: lookupsSeeded.position });
  // The commands of this process take the master data from the same cache.
  pairLookupSource(store, () => lookups.current());

  let started = false;
  return {
    client,
    ownerPool,
    pool,
    db,
    store,
    queue,
    mailer,
    sessions,
    employees,
    courseUrl: cfg.courseUrl || null,
    mapTiles: cfg.mapTiles ?? null,
    identity,
    sso,
    signOn: new SignOnState(db),
    adminSiteUrl: cfg.adminSiteUrl ?? null,
    permissions,
    awaitPermissions,
    lookups,
    captcha,
    resetLinkKey,
    projections,
    async startWorkers() {
      if (started) return;
      started = true;
      for (const r of runners) r.start();
      await queue.start();
      if (cfg.schedules !== false) {
        schedule.start();
        sweeper.start();
        exportFilesSweep.start();
        endedSessionsSweep.start();
      }
      await awaitPermissions();
    },
    async close() {
      schedule.stop();
      sweeper.stop();
      exportFilesSweep.stop();
      endedSessionsSweep.stop();
      await Promise.all(runners.map((r) => r.stop()));
      await queue.close();
      await pdfPool.close();
      await store.close();
      await db.destroy();
      await ownerPool.end();
    },
  };
}

/** The API's dependencies from a started runtime (npm start, api/main.ts, the test portal). */
export function depsFrom(rt: Runtime, readWaitMs = 2000): ApiDeps {
  return {
    store: rt.store,
    db: rt.db,
    sessions: rt.sessions,
    client: rt.client,
    queue: rt.queue,
    projections: rt.projections,
    readWaitMs,
    employees: rt.employees,
    courseUrl: rt.courseUrl,
    mapTiles: rt.mapTiles,
    identity: rt.identity,
    sso: rt.sso,
    signOn: rt.signOn,
    adminSiteUrl: rt.adminSiteUrl,
    permissions: rt.permissions,
    lookups: rt.lookups,
    captcha: rt.captcha,
    resetLinkKey: rt.resetLinkKey,
  };
}
