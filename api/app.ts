import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, join as joinPath } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Uploads } from '../commands/files/ownership.ts';
import { LocalFolderStorage } from '../commands/files/storage.ts';
import { permissionRoutes } from './admin/permissions.ts';
import { parkedEventRoutes } from './admin/projections.ts';
import { auditRoutes } from './audit/routes.ts';
import { certificateRoutes } from './certificates/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { READ_BEHIND_HEADER } from './contracts/common.ts';
import { exportRoutes } from './exports/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { firstResponderRoutes } from './firstresponder/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { hoursRoutes } from './hours/routes.ts';
import { registerAuth, requireAdmin } from './http/auth.ts';
import type { ApiDeps } from './http/deps.ts';
import { idempotencyKeyOf } from './http/deps.ts';
import { errorBody, errorHandler, frameworkError } from './http/errors.ts';
import { requestIdOf } from './http/headers.ts';
import { type MapTiles, tileOrigin } from './http/map-tiles.ts';
import { injectMeta, metaForPath } from './http/page-meta.ts';
import { identityRoutes } from './identity/routes.ts';
import { incidentRoutes } from './incidents/routes.ts';
import { initiativeRoutes } from './initiatives/routes.ts';
import { lookupAdminRoutes } from './lookups/admin-routes.ts';
import { lookupRoutes } from './lookups/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { opportunityListRoutes } from './opportunity/lists.ts';
import { opportunityRoutes } from './opportunity/routes.ts';
import { participationRoutes } from './participation/routes.ts';
import { preferenceRoutes } from './preferences/routes.ts';
import { recoveryRoutes } from './recovery/routes.ts';
import { registrationRoutes } from './registration/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { sessionRoutes } from './session/routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { surveyRoutes } from './surveys/routes.ts';
import { ticketRoutes } from './tickets/routes.ts';
import { userRoutes } from './users/routes.ts';

export interface AppOptions {
  logLevel?: string;
  /** Folder of the built web app (web/dist); served with the SPA fallback when present. */
  webDist?: string | null;
  secureCookies?: boolean;
  loginRateLimit?: number;
  /** Anonymous registrations and uploads per IP and minute. */
  registrationRateLimit?: number;
  /** Folder of the local file storage (uploads); .data/files by default. */
  filesDir?: string;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses or CIDRs separated by commas).
   * None by default: otherwise any client picks the address every rate limit and the users log see.
   */
  trustProxy?: string;
  /** The portal's public address (PUBLIC_URL): https turns on HSTS and Secure cookies. */
  publicUrl?: string;
  /** The least time a forgot-password or user-name answer takes (api/recovery/routes.ts); tests that fire many use 0. */
  forgotAnswerMs?: number;
}

/** A request's address as logged: the query of the sign-on routes (codes, state, keys) is left out. */
export function redactedUrl(url: string): string {
  return url.startsWith('/api/sso/') && url.includes('?') ? `${url.slice(0, url.indexOf('?'))}?[redacted]` : url;
}

/** TRUST_PROXY's value as Fastify takes it: false when unset, else the list of proxy addresses. */
export function trustProxyOption(value: string | undefined): false | string[] {
  const v = value?.trim();
  if (!v) return false;
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * No inline script anywhere (the built index.html loads its bundle from a file); Mantine sets styles at run time,
 * hence 'unsafe-inline' for styles only. frame-ancestors 'none' keeps the portal out of frames (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy, with a deployment's map tile origin allowed as an image source (MAP_TILE_URL). */
export function contentSecurityPolicy(tiles: MapTiles | null): string {
  if (!tiles) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace(
    "img-src 'self' data: blob:",
    `img-src 'self' data: blob: ${tileOrigin(tiles)}`,
  );
}

export async function buildApp(deps: ApiDeps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const publicUrl = opts.publicUrl ?? process.env.PUBLIC_URL ?? '';
  const https = publicUrl.startsWith('https://');
  const csp = contentSecurityPolicy(deps.mapTiles);
  const secureCookies = opts.secureCookies ?? (https || process.env.SECURE_COOKIES === '1');
  const app = Fastify({
    logger: {
      level: opts.logLevel ?? process.env.LOG_LEVEL ?? 'info',
      // The sign-on's code and state and the admin site's key travel in query strings: never into the logs.
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactedUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    // The client's x-request-id only when it is a short safe token (it becomes the events' correlation id).
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: trustProxyOption(opts.trustProxy ?? process.env.TRUST_PROXY),
    // Event streams (server-sent events) stay open: closing the server must not wait for them.
    forceCloseConnections: true,
    // Errors the router raises before any route runs (an undecodable URL, a path parameter too long): catalogue codes too.
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (req.readBehind) reply.header(READ_BEHIND_HEADER, '1');
  });
  // Every route, before it reads anything: a malformed Idempotency-Key is refused (see commandContext).
  app.addHook('onRequest', async (req) => {
    idempotencyKeyOf(req);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Volunteer portal API',
        version: '0.1.0',
        description:
          'Commands return the global position of their last event; reads accept ?after=<position> to wait for it.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  registerAuth(app, deps);
  // The API's map is for admins, like the detailed health.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiHooks: { preHandler: requireAdmin() } });
  sessionRoutes(app, deps, { secureCookies, loginRateLimit: opts.loginRateLimit ?? 60 });
  identityRoutes(app, deps, { secureCookies });
  userRoutes(app, deps);
  healthRoutes(app, deps);
  parkedEventRoutes(app, deps);
  permissionRoutes(app, deps);
  lookupRoutes(app, deps);
  lookupAdminRoutes(app, deps);
  const uploads = new Uploads(deps.db);
  registrationRoutes(app, deps, { rateLimit: opts.registrationRateLimit ?? 30, uploads });
  recoveryRoutes(app, deps, {
    rateLimit: opts.registrationRateLimit ?? 30,
    ...(opts.forgotAnswerMs !== undefined ? { forgotAnswerMs: opts.forgotAnswerMs } : {}),
  });
  auditRoutes(app, deps);
  opportunityListRoutes(app, deps);
  opportunityRoutes(app, deps);
  participationRoutes(app, deps);
  hoursRoutes(app, deps);
  incidentRoutes(app, deps);
  notificationRoutes(app, deps);
  ticketRoutes(app, deps);
  initiativeRoutes(app, deps);
  reportRoutes(app, deps);
  contentRoutes(app, deps);
  statisticsRoutes(app, deps);
  subscriptionRoutes(app, deps, { rateLimit: opts.registrationRateLimit ?? 30 });
  preferenceRoutes(app, deps);
  surveyRoutes(app, deps);
  certificateRoutes(app, deps);
  exportRoutes(app, deps);
  firstResponderRoutes(app, deps, uploads);
  fileRoutes(
    app,
    deps,
    opts.registrationRateLimit ?? 30,
    new LocalFolderStorage(opts.filesDir ?? joinPath(import.meta.dirname, '..', '.data', 'files')),
    uploads,
  );

  const dist = opts.webDist === undefined ? join(import.meta.dirname, '..', 'web', 'dist') : opts.webDist;
  const hasWeb = dist !== null && existsSync(join(dist, 'index.html'));
  let indexHtml: string | undefined;
  if (hasWeb) {
    // The build writes .br and .gz beside each file (web/vite.config.ts): sent to a browser that accepts them.
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: false, preCompressed: true });
  }
  app.get('/', async (req, reply) => {
    const lang = req.cookies.lang === 'en' ? 'en' : 'ar';
    return reply.redirect(`/${lang}`);
  });
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb) {
      return reply.code(404).send(errorBody('NotFound'));
    }
    // The web app's routes live under /ar/… and /en/…; any other path goes to the Arabic home (spec: unknown routes fall back to home).
    if (!/^\/(ar|en)(\/|$|\?)/.test(req.url)) return reply.redirect('/ar');
    // A news page or a public event's details carries its own title and card (Open Graph) in the HTML sent.
    const origin = publicUrl.replace(/\/$/, '') || `${req.protocol}://${req.host}`;
    const meta = await metaForPath(deps.db, req.url, origin);
    if (meta) {
      indexHtml ??= await readFile(join(dist, 'index.html'), 'utf8');
      return reply.type('text/html').header('cache-control', 'no-cache').send(injectMeta(indexHtml, meta));
    }
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
