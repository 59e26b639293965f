// (`then` is not exported by that name: a module exporting `then` is a thenable, and `await import()` would call it.)
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  comparePositions,
  type EventMetadata,
  type Position,
  parsePosition,
  type StoredEvent,
} from '../../commands/event-store/port.ts';
import { type Browser, signedIn, type TestPortal, visitorOn } from './portal.ts';

// HTTP specs in given / when / then form:
//   given: events appended to streams through the store (what already happened);
//   when:  one request through the app (inject), as a visitor or a signed-in demo user;
//   thenExpect: its status and body, and exactly the events it wrote (or none).

export interface GivenEvent {
  type: string;
  data: unknown;
}

/** Who sends the request: a visitor (with a CSRF token), or a demo user signed in with these credentials. */
export type Caller = 'visitor' | { user: string; password: string };

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

export interface Outcome {
  res: LightMyRequestResponse;
  /** Every event appended to the log while the request ran, in log order. */
  events: StoredEvent[];
}

/** An expected event: its stream and type, and (partially) its data. */
export interface ExpectedEvent {
  stream: string;
  type: string;
  data?: Record<string, unknown>;
}

const metadata = (): EventMetadata => ({
  actorId: null,
  actorRole: null,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  clientCode: 'MOH',
});

/** The events of some streams, appended in the order given (each stream after what it already holds). */
export async function given(portal: TestPortal, streams: Record<string, readonly GivenEvent[]>): Promise<void> {
  for (const [stream, events] of Object.entries(streams)) {
    await portal.runtime.store.append(
      stream,
      events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadata() })),
      { expectedRevision: 'any' },
    );
  }
}

async function callerOf(portal: TestPortal, who: Caller): Promise<Browser> {
  return who === 'visitor' ? visitorOn(portal.app) : signedIn(portal.app, who.user, who.password);
}

async function send(b: Browser, r: Request): Promise<LightMyRequestResponse> {
  if (r.method === 'GET') return b.get(r.url);
  if (r.method === 'PUT') return b.put(r.url, r.body);
  return b.post(r.url, r.body);
}

/**
 * The request, sent once the caller is signed in (the sign-in's own events are not the request's), and the events
 * the log gained while it ran.
 */
export async function when(portal: TestPortal, who: Caller, request: Request): Promise<Outcome> {
  const b = await callerOf(portal, who);
  const store = portal.runtime.store;
  const before = await store.lastPosition();
  const res = await send(b, request);
  // The answer names the position of what it wrote: read the log up to it. A transaction another part of the
  // portal still has open (a reactor's append) can keep a committed event out of sight for a moment.
  const answered = positionIn(res);
  let events = await store.readAll({ after: before, limit: 1000 });
  for (let waited = 0; answered && waited < 10_000; waited += 50) {
    const last = events.at(-1);
    if (last && comparePositions(last.position, answered) >= 0) break;
    await new Promise((r) => setTimeout(r, 50));
    events = await store.readAll({ after: before, limit: 1000 });
  }
  return { res, events };
}

function positionIn(res: LightMyRequestResponse): Position | null {
  try {
    const body = res.json() as { position?: unknown };
    return typeof body.position === 'string' ? parsePosition(body.position) : null;
  } catch {
    return null;
  }
}

/** The answer's status (and body, partially), and exactly these new events in this order (none when empty). */
export function thenExpect(
  outcome: Outcome,
  expected: { status: number; body?: Record<string, unknown>; events: readonly ExpectedEvent[] },
): void {
  const { res, events } = outcome;
  expect(res.statusCode, res.body).toBe(expected.status);
  if (expected.body) expect(res.json()).toMatchObject(expected.body);
  expect(events.map((e) => ({ stream: e.streamId, type: e.type }))).toEqual(
    expected.events.map((e) => ({ stream: e.stream, type: e.type })),
  );
  expected.events.forEach((e, i) => {
    if (e.data) expect(events[i]!.data).toMatchObject(e.data);
  });
}
