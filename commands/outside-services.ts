import { readFile } from 'node:fs/promises';

/** An outside service's answer: its HTTP status and its body as text. */
export interface ServiceAnswer {
  status: number;
  text: string;
}

/** A status of success (2xx). */
export const ok = (status: number) => status >= 200 && status < 300;

/**
 * An outside service asked over HTTP (the identity service, the HR system, the licensing register): its address
 * without a trailing slash, and one time-out for a whole call, the answer's body included (a service that sends its
 * headers and then stalls is as unavailable as one that does not answer). What goes wrong is the adapter's own
 * "unavailable" error, its message starting with the service's name: the caller retries later and writes nothing.
 * What a status or a body means is the adapter's.
 */
export class HttpService {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly name: string;
  private readonly unavailable: new (
    message: string,
  ) => Error;

  /** `name` starts the errors' messages; `unavailable` is the adapter's error class. */
  constructor(baseUrl: string, name: string, unavailable: new (message: string) => Error, timeoutMs = 5_000) {
    this.base = baseUrl.replace(/\/+$/, '');
    this.name = name;
    this.unavailable = unavailable;
    this.timeoutMs = timeoutMs;
  }

  /** Asks `path` (below the base address); unreachable, timed out or cut off in the body: unavailable. */
  async call(path: string, init: RequestInit): Promise<ServiceAnswer> {
    try {
      const res = await fetch(`${this.base}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      return { status: res.status, text: await res.text() };
    } catch (e) {
      throw this.failure(`unreachable: ${(e as Error).message}`);
    }
  }

  /** An answer's body as JSON; anything else: unavailable. */
  json(answer: ServiceAnswer): unknown {
    try {
      return JSON.parse(answer.text);
    } catch {
      throw this.failure('answered something that is not JSON');
    }
  }

  /** The service's unavailable error: what went wrong, after the service's name. */
  failure(what: string): Error {
    return new this.unavailable(`${this.name} ${what}`);
  }
}

/**
 * An outside register's export as a JSON file (the local adapters, for a portal without the service), read on every
 * ask so a new export counts at once: undefined without the file; unreadable or not JSON, the adapter's unavailable
 * error (`fail`) with what went wrong after `what` (the export's name).
 */
export async function readJsonExport(
  path: string,
  what: string,
  fail: (message: string) => Error,
): Promise<unknown | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fail(`${what} unreadable: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw fail(`${what} ${path} is not JSON`);
  }
}
