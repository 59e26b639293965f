import type { z } from 'zod';
import type { Action, Screen } from '../../domain/permissions/screens.ts';

/**
 * One endpoint's contract: method, path, params, query, body and response, as zod. The Fastify route is registered
 * from it (api/http/route.ts) and the web calls it through the typed client (web/src/lib/client.ts), so no URL and no
 * response schema is written twice. Contracts import only zod and the domain: the browser bundle imports them too.
 */
export interface Endpoint<
  M extends Method = Method,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  readonly method: M;
  /** Fastify's path syntax: `/api/opportunities/:id`. */
  readonly path: Path;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  /**
   * The answer: JSON by default. For a 204 it is `NoContent` (nothing is sent); for a non-JSON answer (text, file
   * bytes) `contentType` names what is sent and the schema documents it.
   */
  readonly response: Response;
  /** The success status, 200 unless given (201 for a creation, 204 for no content). */
  readonly status?: 200 | 201 | 204;
  /**
   * A non-JSON answer's media type, as the OpenAPI document shows it (`text/plain`; any type for stored files).
   * `text/event-stream` is server-sent events, registered with streamRoute in api/http/route.ts; `response` then
   * describes each message's data.
   */
  readonly contentType?: string;
  /** Other statuses answered with the same schema (a health check's 503). */
  readonly alsoStatus?: readonly number[];
  /** Error statuses the endpoint documents (each answers ErrorBody). */
  readonly errors?: readonly number[];
  /**
   * Who may call it: the role must hold `action` on `screen` (the permission matrix). The route enforces it
   * (api/http/route.ts) before the input is validated, and the web shows the endpoint's buttons only to a user who
   * holds it (`useCan(contract)`, web/src/app/permissions.ts): one guard, read by both sides.
   */
  readonly permission?: Permission;
  /** OpenAPI tags (the domain word). */
  readonly tags: readonly string[];
  readonly summary?: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An endpoint's guard: a screen's action, for staff or (with `volunteer`) for a volunteer's own screens. */
export interface Permission {
  readonly screen: Screen;
  readonly action: Action;
  /** Only a volunteer may call it (YouMustBeVolunteer for any other role), and only with the screen's action. */
  readonly volunteer?: true;
  /** The refusal's code: Forbidden unless the spec names another (NotAuthorizedToAccept). */
  readonly code?: 'Forbidden' | 'NotAuthorizedToAccept';
}

/** Declares an endpoint; `const` keeps the literal path and the exact schemas in the type. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** What an endpoint declares besides its method, path and tags. */
export type Parts = Omit<Endpoint, 'method' | 'path' | 'tags'>;

/**
 * The endpoints of one domain word, a line each: `const tickets = endpoints('tickets')`, then
 * `export const myTickets = tickets.get('/api/me/tickets', { query: TicketsQuery, response: TicketsPage, permission: mine('tickets', 'View') })`.
 * The same contract as `endpoint({...})` (method, path and tags filled in), with the literal path and exact schemas kept.
 */
export function endpoints(...tags: string[]) {
  const verb =
    <const M extends Method>(method: M) =>
    <const P extends string, const R extends Parts>(path: P, parts: R): R & { method: M; path: P; tags: string[] } => ({
      ...parts,
      method,
      path,
      tags,
    });
  return { get: verb('GET'), post: verb('POST'), put: verb('PUT'), patch: verb('PATCH'), delete: verb('DELETE') };
}

/** A staff guard: the role must hold `action` on `screen`. */
export const staff = <const S extends Screen, const A extends Action>(screen: S, action: A) => ({ screen, action });
/** A volunteer's own screen: only a volunteer, holding `action` on `screen`. */
export const mine = <const S extends Screen, const A extends Action>(screen: S, action: A) =>
  ({ screen, action, volunteer: true }) as const;

type InOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the server's handler receives after validation. */
export type ParamsOf<E extends Endpoint> = OutOf<E['params']>;
export type QueryOf<E extends Endpoint> = OutOf<E['query']>;
export type BodyOf<E extends Endpoint> = OutOf<E['body']>;
/** What the server's handler returns (before serialisation) and what the client gets (after parsing). */
export type ReplyOf<E extends Endpoint> = z.input<E['response']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** What a caller passes: only the parts the endpoint has. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: InOf<E['params']> } : unknown) &
  (E['query'] extends z.ZodType ? { query?: InOf<E['query']> } : unknown) &
  (E['body'] extends z.ZodType ? { body: InOf<E['body']> } : unknown);

/** The concrete path of an endpoint with its params filled in (each segment URI-encoded). */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string in a fixed order (the object's own order); undefined, null and '' are left out, arrays repeat. */
export function queryStringOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) q.append(key, String(v));
    else q.set(key, String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
