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
  const ok = e.produces ? { content: { [e.produces]: { schema: e.response } } } : e.response;
  const schema: Record<string, unknown> = { tags: [...e.tags], response: { 200: ok } };
  if (e.summary) schema.summary = e.summary;
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    schema,
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
