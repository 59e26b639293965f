import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPosition } from '../../commands/event-store/port.ts';
import { testEvent } from '../../commands/event-store/test-events.ts';
import type { Projection } from '../../projections/runner/projection.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { amountsProjection } from '../../projections/runner/test-projections.ts';
import { signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

const type = `PortalAmount_${randomUUID().slice(0, 6)}`;
/** A read model of the test's own whose code the test "fixes" (clamps) before retrying. */
let fixed = false;
const broken = amountsProjection('portal_amounts', [type]);
const repaired = amountsProjection('portal_amounts', [type], 1, true);
const amounts: Projection = { ...broken, apply: (ctx, evs) => (fixed ? repaired : broken).apply(ctx, evs) };

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal({ extraProjections: [amounts] });
});
afterAll(async () => {
  await portal?.close();
});

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let v = await read();
  for (let i = 0; i < 500 && !ok(v); i++) {
    await new Promise((r) => setTimeout(r, 20));
    v = await read();
  }
  return v;
}

describe('an event a projection cannot apply, appended straight to the store', () => {
  it('is parked: the others project, health and metrics show it, reads do not hang, and a retry after the fix applies it', async () => {
    const { store, db } = portal.runtime;
    await store.append(`pa-${randomUUID()}`, [testEvent(type, { amount: 1 })], { expectedRevision: 'no_stream' });
    const bad = await store.append(`pa-${randomUUID()}`, [testEvent(type, { amount: 2 ** 40 })], {
      expectedRevision: 'no_stream',
    });
    const last = await store.append(`pa-${randomUUID()}`, [testEvent(type, { amount: 2 })], {
      expectedRevision: 'no_stream',
    });
    const rows = () =>
      db
        .selectFrom('rm.portal_amounts_amounts' as never)
        .selectAll()
        .execute();
    expect(await waitForPosition(db, ['portal_amounts'], last.position, 10_000)).toBe(true);
    expect(await rows()).toHaveLength(2);

    // A read that waits for the bad event's position (read-your-writes) answers, and the wait ended by the checkpoint.
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const read = await admin.get(`/api/opportunities?scope=public&after=${formatPosition(bad.position)}`);
    expect(read.statusCode).toBe(200);
    expect(await waitForPosition(db, ['portal_amounts', 'opportunities'], bad.position, 10_000)).toBe(true);

    const health = await admin.get('/api/health');
    expect(health.json().status).toBe('degraded');
    expect(health.json().projections).toContainEqual(expect.objectContaining({ name: 'portal_amounts', parked: 1 }));
    const metrics = await admin.get('/api/metrics');
    expect(metrics.body).toContain('portal_projection_parked_events{projection="portal_amounts"} 1');
    expect(metrics.body).toContain('portal_projection_parked_events{projection="opportunities"} 0');

    const list = await admin.get('/api/admin/projections/parked');
    expect(list.statusCode).toBe(200);
    expect(list.json().rows).toEqual([
      expect.objectContaining({
        projection: 'portal_amounts',
        position: formatPosition(bad.position),
        eventType: type,
        attempts: 1,
        error: expect.stringMatching(/^22003: /),
      }),
    ]);

    // Retried before the fix: it fails again and stays.
    const first = await admin.post('/api/admin/projections/portal_amounts/parked/retry');
    expect(first.json()).toEqual({ requested: 1, resolved: 0, parked: 1, pending: false });

    fixed = true;
    const retry = await admin.post('/api/admin/projections/portal_amounts/parked/retry');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ requested: 1, resolved: 1, parked: 0, pending: false });
    expect(await rows()).toHaveLength(3);
    expect((await admin.get('/api/admin/projections/parked')).json().rows).toEqual([]);
    const after = await until(
      async () => (await admin.get('/api/health')).json(),
      (h) => h.status === 'ok',
    );
    expect(after.status).toBe('ok');
    expect(after.projections).toContainEqual(expect.objectContaining({ name: 'portal_amounts', parked: 0 }));
  });

  it('lets only admins see or retry parked events', async () => {
    const staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
    expect((await staff.get('/api/admin/projections/parked')).statusCode).toBe(403);
    const again = await signedIn(portal.app, 'staff', 'Staff@2026!');
    expect((await again.post('/api/admin/projections/portal_amounts/parked/retry')).statusCode).toBe(403);
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const unknown = await admin.post('/api/admin/projections/no-such-projection/parked/retry');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NotFound');
  });
});
