import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, join as joinPath } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { LocalFolderStorage } from '../../commands/files/storage.ts';
import { auditRoutes } from '../audit/routes.ts';
import { fileRoutes } from '../files/routes.ts';
import { healthRoutes } from '../health/routes.ts';
import { lookupRoutes } from '../lookups/routes.ts';
import { notificationRoutes } from '../notifications/routes.ts';
import { opportunityRoutes } from '../opportunity/routes.ts';
import { registrationRoutes } from '../registration/routes.ts';
import { sessionRoutes } from '../session/routes.ts';
import { userRoutes } from '../users/routes.ts';
import { registerAuth } from './auth.ts';
import type { ApiDeps } from './deps.ts';
import { idempotencyKeyOf } from './deps.ts';
import { errorBody, errorHandler } from './errors.ts';

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
}

export async function buildApp(deps: ApiDeps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.logLevel ?? process.env.LOG_LEVEL ?? 'info' },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: true,
    // Event streams (server-sent events) stay open: closing the server must not wait for them.
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app, deps);
  sessionRoutes(app, deps, { secureCookies: opts.secureCookies ?? false, loginRateLimit: opts.loginRateLimit ?? 60 });
  userRoutes(app, deps);
  healthRoutes(app, deps);
  lookupRoutes(app);
  registrationRoutes(app, deps, { rateLimit: opts.registrationRateLimit ?? 30 });
  auditRoutes(app, deps);
  opportunityRoutes(app, deps);
  notificationRoutes(app, deps);
  fileRoutes(
    app,
    deps,
    opts.registrationRateLimit ?? 30,
    new LocalFolderStorage(opts.filesDir ?? joinPath(import.meta.dirname, '..', '..', '.data', 'files')),
  );

  const dist = opts.webDist === undefined ? join(import.meta.dirname, '..', '..', 'web', 'dist') : opts.webDist;
  const hasWeb = dist !== null && existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: false });
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
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
