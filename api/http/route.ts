import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ReplyOf } from '../contracts/endpoint.ts';

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
 * Registers the Fastify route of a contract (api/contracts/endpoint.ts): its method, path and schemas come from the
 * contract, so the OpenAPI document, the validation, the serialisation and the web client agree by construction.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  options: RouteOptions,
  handler: (req: RequestOf<E>, reply: FastifyReply) => Promise<ReplyOf<E>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    schema: schemaOf(e),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** The Fastify schema of a contract: a JSON answer, or for a stream its content type with each message's data. */
function schemaOf(e: Endpoint): Record<string, unknown> {
  const response = e.contentType
    ? { description: e.summary ?? e.contentType, content: { [e.contentType]: { schema: e.response } } }
    : e.response;
  const schema: Record<string, unknown> = { tags: [...e.tags], response: { [e.status ?? 200]: response } };
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
    method: e.method,
    url: e.path,
    schema: schemaOf(e),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.config ? { config: options.config } : {}),
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<void>,
  });
}
