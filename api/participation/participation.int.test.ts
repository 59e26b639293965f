import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventDetails,
  signedIn,
  startApiReplica,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const details = eventDetails;
const as = (user: string, password: string) => signedIn(portal.app, user, password);

describe('invitations through the API', () => {
  it('invites within the maximum (raised on confirmation), refuses the restricted and the already invited; the volunteer answers', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const { opportunityId } = (
      await staff.post('/api/opportunities', details({ maxInvitations: 1, code: `INV-${Date.now() % 100000}` }))
    ).json();
    await admin.post(`/api/opportunities/${opportunityId}/approve`);
    const v1 = '00000000-0000-4000-8000-000000000004';
    const v2 = '00000000-0000-4000-8000-000000000005';
    const v3 = '00000000-0000-4000-8000-000000000006'; // no registration: not an approved volunteer
    const first = (
      await staff.post(`/api/opportunities/${opportunityId}/invitations`, { volunteerIds: [v2, v3] })
    ).json();
    expect(first.results).toEqual([
      { volunteerId: v2, result: 'invited' },
      { volunteerId: v3, result: 'RestrictedInvitation' },
    ]);
    expect(
      (await staff.post(`/api/opportunities/${opportunityId}/invitations`, { volunteerIds: [v2] })).json().results[0]
        .result,
    ).toBe('VolunteerAlreadyInvited');
    expect(
      (await staff.post(`/api/opportunities/${opportunityId}/invitations`, { volunteerIds: [v1] })).json().results[0]
        .result,
    ).toBe('InvitationExceededMax');
    expect(
      (
        await staff.post(`/api/opportunities/${opportunityId}/invitations`, { volunteerIds: [v1], confirmRaise: true })
      ).json().results[0].result,
    ).toBe('invited');

    const reem = await as('volunteer2', 'Volunteer@2026!');
    expect((await reem.post(`/api/volunteers/invitation/${opportunityId}/accept`)).statusCode).toBe(200);
    expect((await staff.post(`/api/opportunities/${opportunityId}/participants/${v2}/accept`, {})).statusCode).toBe(
      200,
    );
    const cancel = await reem.post(`/api/volunteers/invitation/${opportunityId}/cancel`);
    expect(cancel.json().error).toMatchObject({
      code: 'ApprovedInvitationCannotCancel',
      details: { leadName: 'خالد الحربي', leadEmail: 'lead@example.org' },
    });
    const abdullah = await as('volunteer1', 'Volunteer@2026!');
    const rejected = await abdullah.post(`/api/volunteers/invitation/${opportunityId}/reject`);
    expect(rejected.statusCode).toBe(200);
    const mine = (await abdullah.get(`/api/me/participations?after=${rejected.json().position}`)).json();
    expect(mine).toContainEqual(expect.objectContaining({ opportunityId, status: 3 }));
  });

  // Several API replicas: the replica holding the volunteer's stream hears the other's append through PostgreSQL
  // NOTIFY. The replica runs no projections, as in docker-compose: it waits for the workers' read model.
  it.each([
    ['the API replica that handles the invitation', false],
    ['another API replica (no projections of its own)', true],
  ])(
    'pushes the invitation list to the volunteer as server-sent events when staff invite her, from %s',
    async (_, other) => {
      const replica = other ? await startApiReplica(portal) : null;
      const served = replica?.app ?? portal.app;
      await served.listen({ port: 0, host: '127.0.0.1' });
      const address = served.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const reem = await as('volunteer2', 'Volunteer@2026!');
      const controller = new AbortController();
      const res = await fetch(`${base}/api/me/invitations/stream`, {
        headers: { cookie: [...reem.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        signal: controller.signal,
      });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      const nextEvent = async (): Promise<{ opportunityId: string; status: number }[]> => {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const chunk = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = chunk.split('\n').find((l) => l.startsWith('data: '));
            if (data) return JSON.parse(data.slice(6));
            continue;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          buffer += decoder.decode(value, { stream: true });
        }
      };
      try {
        await nextEvent(); // the list as it is now

        const staff = await as('staff', 'Staff@2026!');
        const admin = await as('admin', 'Admin@2026!');
        const { opportunityId } = (
          await staff.post('/api/opportunities', details({ code: `SSE-${Date.now() % 100000}` }))
        ).json();
        await admin.post(`/api/opportunities/${opportunityId}/approve`);
        const invited = (
          await staff.post(`/api/opportunities/${opportunityId}/invitations`, {
            volunteerIds: ['00000000-0000-4000-8000-000000000005'],
          })
        ).json();
        expect(invited.results[0].result).toBe('invited');
        const pushed = await Promise.race([
          nextEvent(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no push in 10 s')), 10_000)),
        ]);
        expect(pushed).toContainEqual(expect.objectContaining({ opportunityId, status: 1 }));
      } finally {
        controller.abort();
        await replica?.close();
      }
    },
  );
});
