import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatPosition, type Position } from '../../commands/event-store/port.ts';
import { ErrorBody } from '../contracts/common.ts';
import type { BodyOf, Endpoint, ParamsOf, Permission, QueryOf, ReplyOf } from '../contracts/endpoint.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard of a contract's `permission` (decorated by registerAuth, api/http/auth.ts, which holds the cache). */
    permissionGuard?: (p: Permission) => preHandlerHookHandler;
  }
}

/** The request a contract's handler gets: params, query and body already checked by the contract's schemas. */
export type RequestOf<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

export interface RouteOptions {
  /** The guards (api/http/auth.ts): they run before validation, so a refused caller never learns the schema. */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  config?: RouteShorthandOptions['config'];
  bodyLimit?: number;
}

/**
 * The route's pre-handlers: the contract's own guard first (so the other guards, a record's scope, find the session
 * checked), then the route's. A contract with a permission on an app that cannot enforce it does not start.
 */
function preHandlersOf(app: FastifyInstance, e: Endpoint, options: RouteOptions): preHandlerHookHandler[] {
  const own = options.preHandler === undefined ? [] : [options.preHandler].flat();
  if (!e.permission) return own;
  if (!app.permissionGuard) throw new Error(`${e.method} ${e.path} declares a permission: registerAuth must run first`);
  return [app.permissionGuard(e.permission), ...own];
}

/** A 204 in the OpenAPI document: no content (a `null` schema is how @fastify/swagger leaves the body out). */
const NO_CONTENT = z.null().meta({ type: 'null', description: 'No content' });

/** The OpenAPI responses of a contract: its success status (JSON, another media type, or nothing), the rest. */
function responsesOf(e: Endpoint): Record<number, unknown> {
  const status = e.status ?? 200;
  const success =
    status === 204
      ? NO_CONTENT
      : e.contentType
        ? { description: 'OK', content: { [e.contentType]: { schema: e.response } } }
        : e.response;
  const out: Record<number, unknown> = { [status]: success };
  for (const s of e.alsoStatus ?? []) out[s] = success;
  for (const s of e.errors ?? []) out[s] = ErrorBody;
  return out;
}

/**
 * Registers the Fastify route of a contract (api/contracts/endpoint.ts): its method, path, schemas and guard come
 * from the contract, so the OpenAPI document, the validation, the serialisation, the permission check and the web
 * client (its buttons too) agree by construction.
 * The handler returns the answer (sent with the contract's status), or the reply itself when it has sent something
 * else: no content, text, a file's bytes, or the same schema under another status (`alsoStatus`).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  options: RouteOptions,
  handler: (req: RequestOf<E>, reply: FastifyReply) => Promise<ReplyOf<E> | FastifyReply>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...fromContract(app, e, options),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler:
      e.status && e.status !== 200
        ? (req: FastifyRequest, reply: FastifyReply) => {
            reply.code(e.status!);
            return (handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(req, reply);
          }
        : (handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>),
  });
}

/** What a route takes from its contract and options: method, path, schema, guards, hooks and config. */
function fromContract(app: FastifyInstance, e: Endpoint, options: RouteOptions) {
  return {
    method: e.method,
    url: e.path,
    schema: schemaOf(e),
    preHandler: preHandlersOf(app, e, options),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.config ? { config: options.config } : {}),
  };
}

/** The Fastify schema of a contract: params, query, body and its responses (for a stream, each message's data). */
function schemaOf(e: Endpoint): Record<string, unknown> {
  const schema: Record<string, unknown> = { tags: [...e.tags], response: responsesOf(e) };
  if (e.summary) schema.summary = e.summary;
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  return schema;
}

/**
 * Registers a streaming contract (`contentType: 'text/event-stream'`): the handler takes the raw response over
 * (reply.hijack) and writes the messages itself; method, path, guards and the documented answer come from the contract.
 */
export function streamRoute<E extends Endpoint & { contentType: 'text/event-stream' }>(
  app: FastifyInstance,
  e: E,
  options: RouteOptions,
  handler: (req: RequestOf<E>, reply: FastifyReply) => Promise<void>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...fromContract(app, e, options),
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<void>,
  });
}

/** A command's answer: its log position. */
export const ok = (p: Position) => ({ position: formatPosition(p) });
