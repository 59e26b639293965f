import type { ZodType } from 'zod';
import {
  type CallInput,
  type Endpoint,
  pathOf,
  queryStringOf,
  type ResponseOf,
} from '../../../api/contracts/endpoint.ts';
import { api } from '../app/api.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /** The command id of a write; a resend of the same user action passes the first attempt's key. */
  idempotencyKey?: string;
  /** Off for login and logout themselves (see ApiOptions.sessionRules). */
  sessionRules?: boolean;
}

/** The URL of an endpoint for these params and query (also for links and <img src>). */
export function urlOf<E extends Endpoint>(e: E, input: CallInput<E>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return pathOf(e.path, params) + queryStringOf(query);
}

/**
 * Calls an endpoint through its contract (api/contracts/endpoint.ts): the URL is built from the contract's path, the
 * answer is parsed by the contract's response schema, and errors carry catalogue codes (ApiError).
 */
export function call<E extends Endpoint>(e: E, input: CallInput<E>, options: CallOptions = {}): Promise<ResponseOf<E>> {
  const { body } = input as { body?: unknown };
  return api<ResponseOf<E>>(urlOf(e, input), {
    method: e.method,
    ...(body !== undefined ? { body } : {}),
    schema: e.response as ZodType<ResponseOf<E>>,
    ...options,
  });
}

/** A number in an endpoint's query: its digits, or left out (undefined). */
export const queryNumber = (n: number | undefined): string | undefined => (n === undefined ? undefined : String(n));

/** A paged list's page and page size in an endpoint's query. */
export function pageQuery(p: { page: number; pageSize: number }): { page: string; pageSize: string } {
  return { page: String(p.page), pageSize: String(p.pageSize) };
}
