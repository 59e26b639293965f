// The Emmett peer of bench/peer.ts checks the same join rules as the portal, so the benchmark compares like with like:
// a third pending request and an event overlapping an accepted one are refused, as domain/participation says.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropDatabase, ensureDatabase, withDatabase } from '../../commands/db/pool.ts';
import { initialSchedule, scheduleDecider } from '../../domain/participation/schedule.ts';
import { ParticipationStatus } from '../../domain/participation/status.ts';
import type { RoleId } from '../../domain/shared/roles.ts';
import { eventDetails, volunteerId } from '../join-setup.ts';
import { createPeer, type Peer, type VolunteerDoc } from './app.ts';

const approved = (g: number): VolunteerDoc => ({
  _id: volunteerId(g),
  registrationStatus: 5,
  nicValid: true,
  infoComplete: true,
  regionId: 1,
  cityId: 3,
  gender: 1,
});

describe('the Emmett peer: the join rules (real PostgreSQL)', () => {
  let url: string;
  let peer: Peer;
  let sessions: { cookie: string; csrf: string }[];
  // Three events a week apart (never overlapping), and one overlapping the first.
  const events: string[] = [];
  beforeAll(async () => {
    url = withDatabase(inject('pgServerUrl'), `peer_${randomBytes(6).toString('hex')}`);
    await ensureDatabase(url);
    peer = await createPeer(url, { poolSize: 8 });
    sessions = await peer.addVolunteers([approved(1), approved(2), { ...approved(3), registrationStatus: 1 }]);
    for (const startIn of [5, 12, 19]) events.push(await peer.createEvent(eventDetails(0, startIn)));
    events.push(await peer.createEvent({ ...eventDetails(0, 5), startDate: eventDetails(0, 6).startDate }));
  });
  afterAll(async () => {
    await peer.close();
    await dropDatabase(url);
  });

  const join = (eventId: string, s: { cookie: string; csrf: string }) =>
    peer.app.inject({
      method: 'POST',
      url: `/api/opportunities/${eventId}/join`,
      headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
    });

  it('accepts two pending join requests and refuses the third', async () => {
    const first = await join(events[0]!, sessions[0]!);
    expect(first.statusCode).toBe(200);
    expect((await join(events[1]!, sessions[0]!)).statusCode).toBe(200);
    const third = await join(events[2]!, sessions[0]!);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      error: { code: 'VolunteerJoinedAnotherEvent', details: { reason: 'pendingRequests' } },
    });
    // The inline projection wrote the request's status in the append's transaction; the refused one wrote nothing.
    const rm = peer.pongo.db().collection<{ _id: string; status: number | null }>('participations');
    expect((await rm.findOne({ _id: `${events[0]}_${volunteerId(1)}` }))?.status).toBe(
      ParticipationStatus.VolunteerJoinRequest,
    );
    expect(await rm.findOne({ _id: `${events[2]}_${volunteerId(1)}` })).toBeNull();
  });

  it('refuses an event overlapping one the volunteer is accepted on', async () => {
    // Staff accepted volunteer 2 on the first event: the schedule holds its dates.
    const dates = { startDate: eventDetails(0, 5).startDate, endDate: eventDetails(0, 5).endDate };
    const reserved = scheduleDecider.decide(
      { type: 'ReserveAcceptance', opportunityId: events[0]!, dates },
      initialSchedule(),
      new Date(),
    );
    await peer.store.appendToStream(
      `schedule-${volunteerId(2)}`,
      reserved.map((e) => ({ type: e.type, data: { ...e.data } as Record<string, unknown> })),
    );
    const overlapping = await join(events[3]!, sessions[1]!);
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({
      error: { code: 'VolunteerJoinedAnotherEvent', details: { reason: 'acceptedElsewhere' } },
    });
    expect((await join(events[1]!, sessions[1]!)).statusCode).toBe(200);
  });

  it('refuses a volunteer whose registration is not approved, a second request, and a missing session', async () => {
    const unapproved = await join(events[0]!, sessions[2]!);
    expect(unapproved.json()).toMatchObject({
      error: { code: 'NotAllowToJoinEvent', details: { reason: 'registrationNotApproved' } },
    });
    const again = await join(events[0]!, sessions[0]!);
    expect(again.json()).toMatchObject({ error: { code: 'NotAllowToJoinEvent' } });
    const anonymous = await peer.app.inject({ method: 'POST', url: `/api/opportunities/${events[0]}/join` });
    expect(anonymous.json()).toMatchObject({ error: { code: 'CsrfRejected' } });
  });

  it('refuses staff (the rules read the role from the session)', async () => {
    const [staff] = await peer.addVolunteers([approved(9)], 2 as RoleId);
    expect((await join(events[2]!, staff!)).json()).toMatchObject({ error: { code: 'YouMustBeVolunteer' } });
  });
});
