import type { ZodType } from 'zod';
import { ErrorBody, READ_BEHIND_HEADER } from '../../../api/contracts/common.ts';
import { logout as logoutEndpoint } from '../../../api/contracts/session.ts';
import type { ErrorCode } from '../../../domain/shared/errors.ts';
import { useSessionStore } from './stores/session.ts';

/** An API failure carrying a catalogue code; the UI shows t(code), never the server's English message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  /** True when the helper already ended the session and navigated: callers should not show it again. */
  readonly handled: boolean;
  constructor(status: number, code: ErrorCode, details?: Record<string, unknown>, handled = false) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.handled = handled;
  }
}

/** The catalogue code to show for any thrown value. */
export function errorCode(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : 'GenericErrorMessage';
}

export type SessionEndReason = 'expired' | 'forbidden';

/** What the shell does when a response ends the session or demands a password change (set by the router). */
export interface ApiHooks {
  onSessionEnded(reason: SessionEndReason): void;
  onPasswordChangeRequired(): void;
  /** Any answered call resets the server's idle timer. */
  onServerContact(): void;
}

const noHooks: ApiHooks = { onSessionEnded() {}, onPasswordChangeRequired() {}, onServerContact() {} };
let hooks: ApiHooks = noHooks;

export function setApiHooks(next: Partial<ApiHooks>): () => void {
  hooks = { ...noHooks, ...next };
  return () => {
    hooks = noHooks;
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOptions<T> {
  method?: Method;
  body?: unknown;
  /** Validates (and strips) the JSON answer; without it the answer is returned as is. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /**
   * Apply the session rules (401 SessionExpired/Unauthorized → login, 403 → logout and login, 428 → change
   * password). Off for login and logout themselves.
   */
  sessionRules?: boolean;
  /**
   * The command id of a write (sent as Idempotency-Key). Fresh per call by default; a caller that sends the same user
   * action again passes the key of the first attempt, so the server finishes that one command instead of another.
   */
  idempotencyKey?: string;
}

/** A fresh command id for one user action: 128 random bits (getRandomValues works outside secure contexts too). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const SESSION_GONE: readonly ErrorCode[] = ['SessionExpired', 'Unauthorized'];

export async function api<T = void>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, sessionRules = true } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = useSessionStore.getState().csrfToken;
    if (token) headers['x-csrf-token'] = token;
    headers['idempotency-key'] = options.idempotencyKey ?? newIdempotencyKey();
  }
  const fallback = fallbackCode(method);
  const send = () =>
    fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });

  let res: Response;
  try {
    res = await send();
  } catch (e) {
    if (signal?.aborted) throw e;
    // A write whose answer was lost may have been done: sent once more under the same key, it is not done twice.
    if (method === 'GET') throw new ApiError(0, fallback);
    try {
      res = await send();
    } catch (again) {
      if (signal?.aborted) throw again;
      throw new ApiError(0, fallback);
    }
  }
  // A read answered before the read models held this tab's last write (a server under load): read again a moment
  // later, so that a change the user just made never shows as not done; after the last try the answer is shown.
  for (
    let i = 0;
    method === 'GET' && res.headers.get(READ_BEHIND_HEADER) === '1' && i < READ_BEHIND_DELAYS_MS.length;
    i++
  ) {
    await pause(READ_BEHIND_DELAYS_MS[i]!, signal);
    try {
      res = await send();
    } catch (e) {
      if (signal?.aborted) throw e;
      throw new ApiError(0, fallback);
    }
  }
  return handleResponse(res, { method, schema, sessionRules });
}

/** How long to wait before each new read of an answer marked behind (the server itself waits up to 2 s a read). */
export const READ_BEHIND_DELAYS_MS = [200, 500, 1000, 2000, 2000] as const;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

function fallbackCode(method: Method): ErrorCode {
  return method === 'GET' ? 'ErrorLoadingData' : 'GenericErrorMessage';
}

/** The session rules, the error mapping and the schema check, shared by JSON calls and uploads. */
async function handleResponse<T>(
  res: Response,
  { method, schema, sessionRules }: { method: Method; schema: ZodType<T> | undefined; sessionRules: boolean },
): Promise<T> {
  const fallback = fallbackCode(method);
  if (!res.ok) {
    const error = await readError(res, fallback);
    if (sessionRules) {
      if (res.status === 401 && SESSION_GONE.includes(error.code)) {
        useSessionStore.getState().clear();
        hooks.onSessionEnded('expired');
        throw new ApiError(res.status, error.code, error.details, true);
      }
      if (res.status === 403) {
        await endSessionOnServer();
        useSessionStore.getState().clear();
        hooks.onSessionEnded('forbidden');
        throw new ApiError(res.status, error.code, error.details, true);
      }
      if (res.status === 428 && error.code === 'PasswordChangeRequired') {
        hooks.onPasswordChangeRequired();
        throw new ApiError(res.status, error.code, error.details, true);
      }
    }
    throw error;
  }

  hooks.onServerContact();
  if (res.status === 204) return undefined as T;
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(res.status, fallback);
  }
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(res.status, fallback);
  return parsed.data;
}

export interface UploadOptions<T> {
  /** The multipart body; the browser sets the content type with its boundary. */
  body: FormData;
  schema?: ZodType<T>;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  sessionRules?: boolean;
}

/**
 * POST a multipart body with the CSRF token. Uses XMLHttpRequest when available, the only browser API that
 * reports upload progress; answers go through the same session rules and error codes as `api`.
 */
export async function upload<T = void>(path: string, options: UploadOptions<T>): Promise<T> {
  const { body, schema, onProgress, signal, sessionRules = true } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = useSessionStore.getState().csrfToken;
  if (token) headers['x-csrf-token'] = token;
  headers['idempotency-key'] = newIdempotencyKey();
  let res: Response;
  try {
    res =
      typeof XMLHttpRequest === 'undefined' || !onProgress
        ? await fetch(path, { method: 'POST', headers, credentials: 'same-origin', body, signal })
        : await xhrPost(path, headers, body, onProgress, signal);
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(0, 'GenericErrorMessage');
  }
  return handleResponse(res, { method: 'POST', schema, sessionRules });
}

function xhrPost(
  path: string,
  headers: Record<string, string>,
  body: FormData,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const noBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(
        new Response(noBody ? null : xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

async function readError(res: Response, fallback: ErrorCode): Promise<ApiError> {
  try {
    const parsed = ErrorBody.safeParse(await res.json());
    if (parsed.success) return new ApiError(res.status, parsed.data.error.code, parsed.data.error.details);
  } catch {
    // not JSON (a proxy error page, for instance): fall through to a generic code
  }
  const code: ErrorCode =
    res.status === 401
      ? 'Unauthorized'
      : res.status === 403
        ? 'Forbidden'
        : res.status === 429
          ? 'TooManyRequests'
          : res.status >= 500 && fallback !== 'ErrorLoadingData'
            ? 'InternalServerError'
            : fallback;
  return new ApiError(res.status, code);
}

/** Spec: a 403 destroys the session. Best effort: the answer does not matter, the state is cleared anyway. */
async function endSessionOnServer(): Promise<void> {
  try {
    await api(logoutEndpoint.path, { method: logoutEndpoint.method, sessionRules: false });
  } catch {
    // already gone or unreachable
  }
}
