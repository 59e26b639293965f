import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../commands/handle.ts';
import { Role } from '../../domain/shared/roles.ts';
import { PUBLISH_LOCK_STREAM, publishLockDecider, surveyStream } from '../../domain/survey/decide.ts';
import { surveyDefinition } from '../../domain/survey/fixtures.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { testContext } from '../../tests/support/command-fixtures.ts';
import { type Browser, inDays, signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

// The staff's region and city scope on the surveys (spec: allowregionrestriction), through the API.

let portal: TestPortal;
let admin: Browser;
let staff: Browser;
beforeAll(async () => {
  portal = await startTestPortal();
  const head = await portal.runtime.store.lastPosition();
  expect(await waitForPosition(portal.runtime.db, ['opportunities', 'users', 'surveys'], head, 30_000)).toBe(true);
  admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
  // Staff (demo: region 1, Riyadh, only) may publish here, so that the scope is what refuses.
  const grant = await admin.post('/api/admin/permissions/grant', {
    role: Role.Staff,
    screen: 'surveys',
    actions: ['Approve'],
  });
  expect(grant.statusCode).toBe(200);
  staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
});
afterAll(async () => {
  await portal?.close();
});

let last = '';
/** An admin's survey saves approved (the admin may approve). */
async function survey(scope: object, code: string): Promise<string> {
  const res = await admin.post(
    '/api/surveys',
    surveyDefinition({ code, startDate: inDays(0), expiryDate: inDays(30), scope: scope as never }),
  );
  expect(res.statusCode).toBe(200);
  last = res.json().position;
  return res.json().id;
}
const published = async (id: string) => {
  const types: string[] = [];
  for await (const e of portal.runtime.store.readStream(surveyStream(id))) types.push(e.type);
  return types.includes('SurveyPublished');
};

describe('surveys within a staff member’s regions and cities', () => {
  it('lists, shows, exports and publishes only the surveys whose audience lies within the areas; others answer 404', async () => {
    const alKharj = await survey({ kind: 'filtered', regionIds: [], cityIds: [2], gender: null }, 'SC-IN-CITY');
    const riyadh = await survey({ kind: 'filtered', regionIds: [1], cityIds: [], gender: null }, 'SC-IN-REGION');
    const makkah = await survey({ kind: 'filtered', regionIds: [2], cityIds: [], gender: null }, 'SC-OUT-REGION');
    const jeddah = await survey({ kind: 'filtered', regionIds: [], cityIds: [5, 2], gender: null }, 'SC-OUT-CITY');
    const everyone = await survey({ kind: 'all' }, 'SC-ALL');

    const list = (await staff.get(`/api/surveys?after=${last}&pageSize=50`)).json();
    const ids = list.items.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([alKharj, riyadh]));
    for (const out of [makkah, jeddah, everyone]) expect(ids).not.toContain(out);
    expect(list.total).toBe(list.items.length);
    // Admins are not scoped.
    const all = (await admin.get(`/api/surveys?after=${last}&pageSize=50`))
      .json()
      .items.map((s: { id: string }) => s.id);
    expect(all).toEqual(expect.arrayContaining([alKharj, riyadh, makkah, jeddah, everyone]));

    for (const out of [makkah, jeddah, everyone]) {
      for (const path of [`/api/surveys/${out}`, `/api/surveys/${out}/results`, `/api/surveys/${out}/results/export`]) {
        const res = await staff.get(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().error.code).toBe('NotFound');
      }
      const res = await staff.post(`/api/surveys/${out}/publish`);
      expect(res.statusCode).toBe(404);
      expect(await published(out)).toBe(false);
    }
    expect((await staff.get(`/api/surveys/${alKharj}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/surveys/${alKharj}/results`)).statusCode).toBe(200);
    expect((await staff.get(`/api/surveys/${alKharj}/results/export`)).statusCode).toBe(200);
    // In scope, the publish is the command's to decide (published, or no volunteer matches): not the scope's 404.
    const res = await staff.post(`/api/surveys/${riyadh}/publish`);
    expect([200, 409]).toContain(res.statusCode);
    if (res.statusCode === 409) expect(res.json().error.code).toBe('SurveyNoVolunteersMatch');
    // The admin publishes what the staff member may not.
    expect((await admin.post(`/api/surveys/${makkah}/publish`)).statusCode).not.toBe(404);
  });

  it('refuses a scoped staff member a survey for all volunteers or for areas outside theirs (RegionNotAllowed)', async () => {
    for (const scope of [
      { kind: 'all' },
      { kind: 'filtered', regionIds: [2], cityIds: [], gender: null },
      { kind: 'filtered', regionIds: [], cityIds: [], gender: 1 },
    ]) {
      const res = await staff.post(
        '/api/surveys',
        surveyDefinition({ code: 'SC-NEW', startDate: inDays(0), expiryDate: inDays(30), scope: scope as never }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('RegionNotAllowed');
    }
    const ok = await staff.post(
      '/api/surveys',
      surveyDefinition({
        code: 'SC-NEW',
        startDate: inDays(0),
        expiryDate: inDays(30),
        scope: { kind: 'filtered', regionIds: [], cityIds: [2], gender: null },
      }),
    );
    expect(ok.statusCode).toBe(200);
  });
});

describe('save and publish', () => {
  const definition = (code: string) =>
    surveyDefinition({
      code,
      startDate: inDays(0),
      expiryDate: inDays(30),
      scope: { kind: 'filtered', regionIds: [], cityIds: [2], gender: null },
    });

  it('saves the survey of one who may not approve and answers SurveySavedNotPublished (saved, pending approval)', async () => {
    expect(
      (await admin.post('/api/admin/permissions/revoke', { role: Role.Staff, screen: 'surveys', actions: ['Approve'] }))
        .statusCode,
    ).toBe(200);
    const author = await signedIn(portal.app, 'staff', 'Staff@2026!');
    const res = await author.post('/api/surveys?publish=1', definition('SP-STAFF'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SurveySavedNotPublished');
    const { id, position, reason } = res.json().error.details;
    expect(reason).toBe('Forbidden');
    const saved = await admin.get(`/api/surveys/${id}?after=${position}`);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().status).toBe(0);
    expect(await published(id)).toBe(false);
  });

  it('publishes at once for one who may approve, or answers SurveySavedNotPublished with the refusal when publishing is refused', async () => {
    const res = await admin.post('/api/surveys?publish=1', definition('SP-ADMIN'));
    if (res.statusCode === 200) {
      expect(res.json().status).toBe(3);
      expect(await published(res.json().id)).toBe(true);
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('SurveySavedNotPublished');
      expect(res.json().error.details.reason).toBe('SurveyNoVolunteersMatch');
      expect(await published(res.json().error.details.id)).toBe(false);
    }
    // Taking the publish lock first: the save stands, the publish is refused (another publish in progress).
    await handleCommand(
      portal.runtime.store,
      PUBLISH_LOCK_STREAM,
      publishLockDecider,
      { type: 'Take', surveyId: 'someone-else' },
      testContext(),
    );
    // (To all volunteers: the demo's approved volunteer is matched, so the lock is what refuses.)
    const refused = await admin.post('/api/surveys?publish=1', { ...definition('SP-LOCKED'), scope: { kind: 'all' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SurveySavedNotPublished');
    expect(refused.json().error.details.reason).toBe('SurveyPublishInProgress');
    const { id, position } = refused.json().error.details;
    expect((await admin.get(`/api/surveys/${id}?after=${position}`)).json().status).toBe(1);
    expect(await published(id)).toBe(false);
  });
});
