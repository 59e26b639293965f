import type { StoredEvent } from '../../commands/event-store/port.ts';
import { withoutNul } from './values.ts';

/**
 * An error the runner must retry, never park: it says nothing about the event (a queue that is down, a connection
 * lost). Projections throw it, or wrap what they call, when a failure is the environment's.
 */
export class TransientError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'TransientError';
  }
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * SQLSTATE classes that come from the values written: data exceptions (22: bad date, int out of range, NUL), integrity
 * constraints (23), cardinality (21: one upsert touching a row twice), syntax and access rules (42, except 42501:
 * privileges are the deployment's) and program limits (54: an index row too large for a long value). Anything else
 * with a SQLSTATE (08 connection, 40 serialization/deadlock, 53 resources, 55 lock not available, 57 shutdown or
 * cancel, 58 and XX system) is the environment's: the batch is retried as it is.
 */
const DETERMINISTIC_CLASSES = new Set(['21', '22', '23', '42', '54']);

/**
 * Whether a failure may come from the events themselves, so the runner looks for the event that causes it. A
 * candidate is only parked if it fails again when applied on its own, so an error whose origin is unclear (a plain
 * Error from the projection's code, or a driver message with no code) costs a second try, never a parked event that
 * a retry would have applied.
 */
export function mayBeTheEvents(e: unknown): boolean {
  if (e instanceof TransientError) return false;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    // Node's system errors (ECONNRESET, ETIMEDOUT…) and the queue clients' codes are never about an event.
    if (!SQLSTATE.test(code)) return false;
    if (code === '42501') return false;
    return DETERMINISTIC_CLASSES.has(code.slice(0, 2));
  }
  return true;
}

/** The text kept with a parked event: the SQLSTATE (when there is one) and the message. */
export function errorText(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  return (typeof code === 'string' && SQLSTATE.test(code) ? `${code}: ${message}` : message).slice(0, 2000);
}

/** The event as projections see it: no NUL in any string (text and jsonb columns refuse them). */
export function cleanEvent(e: StoredEvent): StoredEvent {
  const data = withoutNul(e.data);
  const metadata = withoutNul(e.metadata);
  const streamId = withoutNul(e.streamId);
  return data === e.data && metadata === e.metadata && streamId === e.streamId ? e : { ...e, data, metadata, streamId };
}
