import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPosition } from '../../commands/event-store/port.ts';
import {
  Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';
import { opportunitySchedule } from '../../workers/opportunity-schedule.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const details = eventDetails;
const as = (user: string, password: string) => signedIn(portal.app, user, password);

describe('the volunteering loop through the API', () => {
  it('staff create and an admin approves an event; a volunteer finds it, joins; staff accept, log hours; the admin approves them; the volunteer sees them', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    const volunteerId = '00000000-0000-4000-8000-000000000004';

    const created = await staff.post('/api/opportunities', details());
    expect(created.statusCode).toBe(201);
    const { opportunityId } = created.json();
    // Not public until approved.
    let list = (await new Browser(portal.app).get(`/api/opportunities?after=${created.json().position}`)).json();
    expect(list.rows.map((r: { id: string }) => r.id)).not.toContain(opportunityId);
    const approved = await admin.post(`/api/opportunities/${opportunityId}/approve`);
    expect(approved.statusCode).toBe(200);
    list = (await new Browser(portal.app).get(`/api/opportunities?after=${approved.json().position}`)).json();
    expect(list.rows.map((r: { id: string }) => r.id)).toContain(opportunityId);

    const joined = await volunteer.post(`/api/opportunities/${opportunityId}/join`);
    expect(joined.statusCode).toBe(200);
    const accepted = await staff.post(`/api/opportunities/${opportunityId}/participants/${volunteerId}/accept`, {
      confirmRaise: false,
    });
    expect(accepted.statusCode).toBe(200);

    const hours = await staff.post(`/api/opportunities/${opportunityId}/participants/${volunteerId}/hours`, {
      hours: 5,
      casesHandled: 12,
      checkIn: `${inDays(4)}T08:00:00Z`,
      checkOut: `${inDays(4)}T13:00:00Z`,
      rating: 5,
      review: 'أداء ممتاز',
    });
    expect(hours.statusCode).toBe(200);
    // New hours wait until the earlier ones are approved or deleted.
    const again = await staff.post(`/api/opportunities/${opportunityId}/participants/${volunteerId}/hours`, {
      hours: 1,
      casesHandled: 1,
      checkIn: `${inDays(5)}T08:00:00Z`,
      checkOut: `${inDays(5)}T09:00:00Z`,
      rating: 4,
      review: '',
    });
    expect(again.json().error.code).toBe('PreviousHoursPending');
    const ok = await admin.post(
      `/api/opportunities/${opportunityId}/participants/${volunteerId}/hours/${hours.json().hoursId}/approve`,
    );
    expect(ok.statusCode).toBe(200);

    const mine = (await volunteer.get(`/api/me/participations?after=${ok.json().position}`)).json();
    expect(mine).toContainEqual(
      expect.objectContaining({ opportunityId, status: 4, approvedHours: 5, pendingHours: 0 }),
    );
    // The event may no longer be deleted: it has approved hours (checked through the domain, see decide.test.ts).
  });

  it('refuses joining with the catalogue codes: anonymous, staff, an unapproved registration', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const { opportunityId } = (await staff.post('/api/opportunities', details())).json();
    await admin.post(`/api/opportunities/${opportunityId}/approve`);
    const anonymous = new Browser(portal.app);
    anonymous.csrf = (await anonymous.get('/api/session')).json().csrfToken;
    expect((await anonymous.post(`/api/opportunities/${opportunityId}/join`)).json().error.code).toBe('YouMustLogIn');
    expect((await staff.post(`/api/opportunities/${opportunityId}/join`)).json().error.code).toBe('YouMustBeVolunteer');
    // volunteer3 has no registration at all in the demo data.
    const v3 = new Browser(portal.app);
    await v3.login('volunteer3', 'Volunteer@2026!');
    const changed = await v3.post('/api/session/change-password', {
      oldPassword: 'Volunteer@2026!',
      newPassword: 'Fresh@2026!z',
      confirmPassword: 'Fresh@2026!z',
    });
    expect(changed.statusCode).toBe(200);
    expect((await v3.post(`/api/opportunities/${opportunityId}/join`)).json().error.code).toBe('NotAllowToJoinEvent');
  });

  it('moves an event upcoming → active → closed with its dates (the scheduled job)', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const code = `ST-${Date.now() % 100000}`;
    const { opportunityId } = (await staff.post('/api/opportunities', details({ code }))).json();
    const approved = await admin.post(`/api/opportunities/${opportunityId}/approve`);
    const { runtime } = portal;
    const job = opportunitySchedule(runtime.queue, runtime.store, runtime.db, 'MOH');
    const statusOf = async () => {
      // The job's own append: the newest committed event (the readable head may not have reached it yet).
      const last = formatPosition(await runtime.store.lastPosition());
      return (await new Browser(portal.app).get(`/api/opportunities?code=${code}&after=${last}`)).json().rows[0]
        ?.status;
    };
    expect(
      (await new Browser(portal.app).get(`/api/opportunities?code=${code}&after=${approved.json().position}`)).json()
        .rows[0].status,
    ).toBe(0);
    expect(await job.run(new Date(Date.now() + 5 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toBe(2);
    await job.run(new Date(Date.now() + 10 * 86_400_000));
    expect(await statusOf()).toBe(3);
  });

  it('serves details to signed-in users only (MOH), map markers without remote events, and the roster', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const onSite = (
      await staff.post(
        '/api/opportunities',
        details({
          code: `MAP-${Date.now() % 100000}`,
          latitude: 24.74,
          longitude: 46.64,
          startDate: inDays(20),
          endDate: inDays(22),
        }),
      )
    ).json();
    const remote = (
      await staff.post(
        '/api/opportunities',
        details({ code: `REM-${Date.now() % 100000}`, latitude: 24.7, longitude: 46.6, attendanceType: 3 }),
      )
    ).json();
    await admin.post(`/api/opportunities/${onSite.opportunityId}/approve`);
    const last = await admin.post(`/api/opportunities/${remote.opportunityId}/approve`);

    const anonymous = new Browser(portal.app);
    expect((await anonymous.get(`/api/opportunities/${onSite.opportunityId}`)).json().error.code).toBe('YouMustLogIn');
    const seen = (await staff.get(`/api/opportunities/${onSite.opportunityId}?after=${last.json().position}`)).json();
    expect(seen).toMatchObject({ id: onSite.opportunityId, nameAr: 'حملة التوعية الصحية', joinedCount: 0 });

    const markers = (await anonymous.get('/api/opportunities/map')).json().map((m: { id: string }) => m.id);
    expect(markers).toContain(onSite.opportunityId);
    expect(markers).not.toContain(remote.opportunityId);

    // volunteer2 joins, is accepted, marked absent: the seat comes back.
    const reem = await as('volunteer2', 'Volunteer@2026!');
    expect((await reem.get(`/api/opportunities/${onSite.opportunityId}`)).json().myStatus).toBeNull();
    const join = await reem.post(`/api/opportunities/${onSite.opportunityId}/join`);
    expect(join.statusCode).toBe(200);
    // The details tell the volunteer she already asked (7), and a second request is refused as such.
    expect(
      (await reem.get(`/api/opportunities/${onSite.opportunityId}?after=${join.json().position}`)).json().myStatus,
    ).toBe(7);
    expect((await reem.post(`/api/opportunities/${onSite.opportunityId}/join`)).json().error).toMatchObject({
      code: 'NotAllowToJoinEvent',
      details: { reason: 'alreadyAsked' },
    });
    const v2 = '00000000-0000-4000-8000-000000000005';
    const asked = (
      await staff.get(`/api/opportunities/${onSite.opportunityId}/participants?after=${join.json().position}`)
    ).json();
    expect(asked.rows).toEqual([
      expect.objectContaining({ volunteerId: v2, status: 7, actions: ['accept', 'reject'] }),
    ]);
    expect(
      (await staff.post(`/api/opportunities/${onSite.opportunityId}/participants/${v2}/accept`, {})).statusCode,
    ).toBe(200);
    const absent = await staff.post(`/api/opportunities/${onSite.opportunityId}/participants/${v2}/absent`);
    expect(absent.statusCode).toBe(200);
    const roster = (
      await staff.get(`/api/opportunities/${onSite.opportunityId}/participants?after=${absent.json().position}`)
    ).json();
    expect(roster.rows).toEqual([
      expect.objectContaining({ volunteerId: v2, nameEn: 'Reem Aldosari', status: 9, actions: [] }),
    ]);
    // Only an admin is offered the reversal of the absence, as only an admin's accept reverses it.
    const adminRoster = (await admin.get(`/api/opportunities/${onSite.opportunityId}/participants`)).json();
    expect(adminRoster.rows).toEqual([expect.objectContaining({ volunteerId: v2, actions: ['reverse'] })]);
    // Totals come from the counts the projection keeps per event and status: they must match the rows.
    expect(roster.total).toBe(1);
    expect((await staff.get(`/api/opportunities/${onSite.opportunityId}/participants?status=9`)).json().total).toBe(1);
    expect((await staff.get(`/api/opportunities/${onSite.opportunityId}/participants?status=4`)).json().total).toBe(0);
    const after = (
      await staff.get(`/api/opportunities/${onSite.opportunityId}?after=${absent.json().position}`)
    ).json();
    expect(after.joinedCount).toBe(0);
    // An admin may reverse the absence (spec: accidental absence reversed by admin accept).
    expect(
      (await admin.post(`/api/opportunities/${onSite.opportunityId}/participants/${v2}/accept`, {})).statusCode,
    ).toBe(200);
    expect(
      (await staff.post(`/api/opportunities/${onSite.opportunityId}/participants/${v2}/reject`)).json().error.code,
    ).toBe('InvalidStatusChange');
  });

  it('approves many hours at once and asks approval to delete an event with accepted volunteers', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const { opportunityId } = (
      await staff.post(
        '/api/opportunities',
        details({ code: `DEL-${Date.now() % 100000}`, startDate: inDays(30), endDate: inDays(32) }),
      )
    ).json();
    await admin.post(`/api/opportunities/${opportunityId}/approve`);
    const v1 = '00000000-0000-4000-8000-000000000004';
    const abdullah = await as('volunteer1', 'Volunteer@2026!');
    expect((await abdullah.post(`/api/opportunities/${opportunityId}/join`)).statusCode).toBe(200);
    expect((await staff.post(`/api/opportunities/${opportunityId}/participants/${v1}/accept`, {})).statusCode).toBe(
      200,
    );

    // The staff member may not delete (no Delete right); the admin may, and it waits for approval.
    expect((await staff.post(`/api/opportunities/${opportunityId}/delete`, { reason: 'x' })).statusCode).toBe(403);
    const admin2 = await as('admin', 'Admin@2026!');
    const del = await admin2.post(`/api/opportunities/${opportunityId}/delete`, { reason: 'تغيّر الموعد' });
    expect(del.json()).toMatchObject({ pendingApproval: true });
    const staff2 = await as('staff', 'Staff@2026!');
    const h = (
      await staff2.post(`/api/opportunities/${opportunityId}/participants/${v1}/hours`, {
        hours: 3,
        casesHandled: 2,
        // On the event's own days (30 to 32 days out): hours outside them are refused.
        checkIn: `${inDays(30)}T08:00:00Z`,
        checkOut: `${inDays(30)}T11:00:00Z`,
        rating: 3,
        review: '',
      })
    ).json();
    const many = (
      await admin2.post(`/api/opportunities/${opportunityId}/hours/approve`, {
        items: [
          { volunteerId: v1, hoursId: h.hoursId },
          { volunteerId: v1, hoursId: 'missing' },
        ],
      })
    ).json();
    expect(many.results).toEqual([
      { hoursId: h.hoursId, result: 'approved' },
      { hoursId: 'missing', result: 'NotFound' },
    ]);
    // With approved hours the deletion can no longer be confirmed.
    expect((await admin2.post(`/api/opportunities/${opportunityId}/confirm-delete`)).json().error.code).toBe(
      'EventHasApprovedHours',
    );
  });

  it('keeps contributions for checked-in volunteers during the event, and shows an invitation history with its actors', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const { opportunityId } = (
      await staff.post(
        '/api/opportunities',
        details({ code: `CON-${Date.now() % 100000}`, startDate: inDays(50), endDate: inDays(52) }),
      )
    ).json();
    await admin.post(`/api/opportunities/${opportunityId}/approve`);
    const v1 = '00000000-0000-4000-8000-000000000004';
    const abdullah = await as('volunteer1', 'Volunteer@2026!');
    expect((await abdullah.post(`/api/opportunities/${opportunityId}/join`)).statusCode).toBe(200);
    expect((await staff.post(`/api/opportunities/${opportunityId}/participants/${v1}/accept`, {})).statusCode).toBe(
      200,
    );
    // Not yet running: no check-in; without a check-in, no contribution.
    expect((await abdullah.post(`/api/opportunities/${opportunityId}/check-in`)).json().error.code).toBe(
      'Error_CheckEventStatus',
    );
    const incident = {
      incidentId: 'i1',
      fullName: 'مريض',
      genderType: 0,
      age: 40,
      nationalityId: 44,
      startTime: `${inDays(50)}T08:00:00Z`,
    };
    expect(
      (await abdullah.post(`/api/opportunities/${opportunityId}/contribution`, { incident, mode: 'draft' })).json()
        .error.code,
    ).toBe('CheckInRequired');

    const history = (await staff.get(`/api/opportunities/${opportunityId}/participants/${v1}/history`)).json() as {
      action: string;
      actor: { nameEn: string; roleId: number };
    }[];
    expect(history.map((h) => [h.action, h.actor.nameEn, h.actor.roleId])).toEqual([
      ['JoinRequested', 'Abdullah Alshammari', 1],
      ['ParticipantAccepted', 'Khalid Alharbi', 2],
    ]);
  });

  it('lists restricted events privately to the volunteers they are for, and filters by day', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const tag = Date.now() % 100000;
    const mine = (
      await staff.post(
        '/api/opportunities',
        details({ code: `PR1-${tag}`, visibility: 1, regionIds: [1], volunteeringDays: [5] }),
      )
    ).json();
    // Staff of region 1 may not create one for region 2 (their scope): an admin does.
    const other = (
      await admin.post('/api/opportunities', details({ code: `PR2-${tag}`, visibility: 1, regionIds: [2] }))
    ).json();
    await admin.post(`/api/opportunities/${mine.opportunityId}/approve`);
    const last = await admin.post(`/api/opportunities/${other.opportunityId}/approve`);
    const reem = await as('volunteer2', 'Volunteer@2026!'); // region 1
    const ids = (res: { rows: { id: string }[] }) => res.rows.map((r) => r.id);
    const priv = (await reem.get(`/api/opportunities?scope=private&pageSize=20&after=${last.json().position}`)).json();
    expect(ids(priv)).toContain(mine.opportunityId);
    expect(ids(priv)).not.toContain(other.opportunityId);
    const pub = (await reem.get(`/api/opportunities?code=PR1-${tag}`)).json();
    expect(pub.total).toBe(0);
    expect(ids((await reem.get(`/api/opportunities?scope=private&pageSize=5&day=5`)).json())).toContain(
      mine.opportunityId,
    );
    expect(ids((await reem.get(`/api/opportunities?scope=private&pageSize=5&day=6`)).json())).not.toContain(
      mine.opportunityId,
    );
    expect((await new Browser(portal.app).get('/api/opportunities?scope=private')).json().error.code).toBe(
      'YouMustLogIn',
    );
    expect((await reem.get('/api/opportunities?scope=private&pageSize=7')).statusCode).toBe(422);
  });

  it('refuses an event that breaks a rule of section 5, writing nothing', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const res = await staff.post('/api/opportunities', details({ startDate: inDays(1), leadMobile: '123' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.issues).toEqual(
      expect.arrayContaining([
        { path: 'startDate', code: 'EventStartTooSoon' },
        { path: 'leadMobile', code: 'InvalidMobile' },
      ]),
    );
  });

  it('answers a start too soon alone with 422 EventStartTooSoon', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const res = await staff.post('/api/opportunities', details({ startDate: inDays(2) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('EventStartTooSoon');
  });

  it('keeps volunteers away from creating events', async () => {
    const volunteer = await as('volunteer2', 'Volunteer@2026!');
    expect((await volunteer.post('/api/opportunities', details())).statusCode).toBe(403);
  });
});
