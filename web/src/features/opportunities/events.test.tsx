// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { type FakeApiState, installFakeApi, sara } from '../../test/fakeApi.ts';
import { loadMyEventsPage, renderApp } from '../../test/renderApp.tsx';
import { incidentIssue } from '../my-events/index.ts';
import type { EventListItem, Participation, RosterRow } from './api.ts';
import { pendingHoursIds } from './api.ts';
import { joinOutcome, tabOf } from './format.ts';
import { EMPTY_EVENT, eventIssues } from './manage/eventForm.ts';
import { EMPTY_HOURS, hoursIssue } from './manage/hours.ts';
import { listItem } from './testing.ts';

vi.setConfig({ testTimeout: 20_000 });

// Leaflet needs a real browser (tests/e2e/events-map.e2e.test.ts): here the map chunk is a stand-in that shows what
// it was given.
vi.mock('./map/lazy.tsx', () => import('./map/standIns.ts'));

const EVENT_ID = '11111111-1111-4111-8111-111111111111';
const VOL_ID = '22222222-2222-4222-8222-222222222222';

const staff: SessionUser = {
  id: '00000000-0000-4000-8000-000000000002',
  userName: 'staff',
  name: { ar: 'خالد', en: 'Khalid' },
  roleId: 2,
  isRegistrationComplete: true,
  isNicValid: true,
  mustChangePassword: false,
  registrationStatus: null,
};
const staffPerms: Permissions = {
  roleId: 2,
  screens: {
    dashboard: ['View'],
    events: ['View'],
    eventsadmin: ['View', 'Add', 'Edit', 'Delete'],
    volunteerhours: ['View', 'Add', 'Edit', 'Approve'],
  },
};

const item = listItem;

const detail = {
  id: EVENT_ID,
  code: 'EV-1',
  nameAr: 'فعالية الجري',
  nameEn: 'Running event',
  descriptionAr: 'وصف',
  descriptionEn: 'A description',
  leadName: 'Lead',
  leadMobile: '0551234567',
  leadEmail: 'lead@example.org',
  visibility: 0,
  regionIds: [],
  cityIds: [],
  maxInvitations: 10,
  maxContributions: 5,
  startDate: '2026-12-01',
  endDate: '2026-12-05',
  gender: 3,
  timePeriod: 1,
  volunteeringDays: [4, 0, 2],
  attendanceType: 1,
  maxHours: 8,
  conditionSkills: ['First aid'],
  responsibilities: ['Guide runners', 'Hand out water'],
  status: 0,
  approval: 'approved',
  rejectReason: null,
  joinedCount: 3,
};

interface Extra {
  rows: EventListItem[];
  total: number;
  joinFailure: string | null;
  joinDetails?: Record<string, unknown>;
  myStatus?: number | null;
  roster: RosterRow[];
  acceptFailsUntilRaise: boolean;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The fake API with the events endpoints in front of it. */
function installEventsApi(base: Partial<FakeApiState>, over: Partial<Extra> = {}) {
  const api = installFakeApi(base);
  const extra: Extra = {
    rows: [item(1), item(2)],
    total: 2,
    joinFailure: null,
    roster: [],
    acceptFailsUntilRaise: false,
    ...over,
  };
  const fallback = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const csrf = (init?.headers as Record<string, string> | undefined)?.['x-csrf-token'];
    const bare = path.split('?')[0]!;
    const record = () => api.calls.push({ method, path, body, csrf });
    if (method === 'GET' && bare === '/api/opportunities') {
      record();
      return json(200, { rows: extra.rows, total: extra.total });
    }
    if (method === 'GET' && bare === '/api/opportunities/map') {
      record();
      return json(
        200,
        extra.rows.map((r) => ({ ...r, latitude: r.latitude ?? 0, longitude: r.longitude ?? 0 })),
      );
    }
    if (method === 'GET' && bare === `/api/opportunities/${EVENT_ID}`) {
      record();
      return json(200, { ...detail, myStatus: extra.myStatus ?? null });
    }
    if (method === 'POST' && bare === `/api/opportunities/${EVENT_ID}/join`) {
      record();
      if (extra.joinFailure)
        return json(422, { error: { code: extra.joinFailure, message: 'x', details: extra.joinDetails } });
      extra.myStatus = 7;
      return json(200, { position: '9.9' });
    }
    if (method === 'GET' && bare === `/api/opportunities/${EVENT_ID}/participants`) {
      record();
      return json(200, { rows: extra.roster, total: extra.roster.length });
    }
    if (method === 'POST' && bare === `/api/opportunities/${EVENT_ID}/participants/${VOL_ID}/accept`) {
      record();
      if (extra.acceptFailsUntilRaise && !body.confirmRaise)
        return json(422, { error: { code: 'ExceededApprovalLimit', message: 'x' } });
      return json(200, { position: '10.1' });
    }
    // The invitation's history: its own route (the roster's pending hours) and the generic one (the history tab).
    const history =
      bare.match(/^\/api\/opportunities\/[^/]+\/participants\/([^/]+)\/history$/) ??
      bare.match(/^\/api\/history\/participation\/[^/]+_([^/]+)$/);
    if (method === 'GET' && history) {
      record();
      const hid = `h-${history[1]!.slice(0, 4)}`;
      return json(200, [
        {
          at: '2026-11-22T09:00:00Z',
          actor: { id: null, nameAr: null, nameEn: null, roleId: 2 },
          action: 'HoursRecorded',
          changes: [{ field: 'hoursId', from: null, to: hid }],
          correlationId: null,
        },
      ]);
    }
    if (method === 'POST' && bare === `/api/opportunities/${EVENT_ID}/hours/approve`) {
      record();
      return json(200, {
        results: body.items.map((i: { hoursId: string }) => ({ hoursId: i.hoursId, result: 'approved' })),
        position: '11.1',
      });
    }
    if (method === 'PUT' && bare === `/api/opportunities/${EVENT_ID}`) {
      record();
      return json(200, { position: '12.1' });
    }
    if (method === 'GET' && bare === '/api/me/participations') {
      record();
      return json(200, []);
    }
    return fallback(input, init);
  });
  return { api, extra };
}

/** A stand-in EventSource: the test pushes `invitations` messages into the last one opened. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  readyState = 0;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.last = this;
  }
  push(list: Participation[]) {
    this.readyState = 1;
    this.dispatchEvent(Object.assign(new Event('invitations'), { data: JSON.stringify(list) }));
  }
  fail() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = 2;
  }
}

let app: ReturnType<typeof renderApp> | undefined;
const open = (path: string) => {
  app = renderApp(path);
  return app;
};

beforeAll(async () => {
  await Promise.all([
    import('./EventsPage.tsx'),
    import('./EventDetailPage.tsx'),
    import('./manage/ManageEventPage.tsx'),
    loadMyEventsPage(),
  ]);
});
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: tests start without a language cookie
  document.cookie = 'lang=; max-age=0; path=/';
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const listCalls = (api: FakeApiState) =>
  api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/opportunities?')).map((c) => c.path);

describe('public events list', () => {
  it('asks for 12 a page with the filters, and pages on the server', async () => {
    const { api } = installEventsApi({}, { rows: Array.from({ length: 12 }, (_, i) => item(i + 1)), total: 30 });
    open('/en/events');
    expect(await screen.findByRole('heading', { name: 'Event 1' })).toBeTruthy();
    expect(screen.getAllByTestId('event-card')).toHaveLength(12);
    expect(listCalls(api)).toEqual(['/api/opportunities?page=1']);
    expect(screen.getByTestId('events-range').textContent).toBe('Showing 1–12 of 30');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toBe('/api/opportunities?page=2'));
    expect(await screen.findByText('Showing 13–24 of 30')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Attendance type'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Event code'), { target: { value: 'EV-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toBe('/api/opportunities?page=1&status=2&attendanceType=3&code=EV-7'),
    );
  });

  it('shows the empty state, and the map with focusable markers and the list', async () => {
    installEventsApi({}, { rows: [], total: 0 });
    open('/ar/events');
    expect((await screen.findByTestId('events-empty')).textContent).toBe('لا توجد فعاليات مطابقة.');
    app?.cleanup();
    cleanup();
    const { api } = installEventsApi({}, { rows: [item(1, { latitude: 21.5, longitude: 39.2 }), item(2)] });
    open('/en/events?view=map&regionId=4&page=2');
    const map = await screen.findByTestId('event-map');
    expect(map.getAttribute('data-ids')).toBe(`${item(1).id},${item(2).id}`);
    const links = within(screen.getByTestId('map-list')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/en/events/${item(1).id}`, `/en/events/${item(2).id}`]);
    // The list's filters narrow the map too (the page does not).
    const mapCalls = api.calls.filter((c) => c.path.startsWith('/api/opportunities/map')).map((c) => c.path);
    expect(mapCalls).toEqual(['/api/opportunities/map?regionId=4']);
  });
});

describe('event details and join', () => {
  it('lists skills, responsibilities and the days by name, and the joined counter', async () => {
    installEventsApi({});
    open(`/en/events/${EVENT_ID}`);
    expect((await screen.findByTestId('event-title')).textContent).toBe('Running event');
    expect(screen.getByTestId('joined-count').textContent).toBe('Joined: 3');
    expect(
      within(screen.getByTestId('event-days'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sunday', 'Tuesday', 'Thursday']);
    expect(within(screen.getByTestId('event-responsibilities')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers WhatsApp, SMS and e-mail share links carrying the event address when the browser has no share sheet', async () => {
    installEventsApi({});
    open(`/en/events/${EVENT_ID}`);
    const nav = await screen.findByTestId('share-links');
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Share on WhatsApp', 'Share by text message', 'Share by e-mail']);
    const address = encodeURIComponent(`${window.location.origin}/en/events/${EVENT_ID}`);
    for (const l of links) expect(l.getAttribute('href')).toContain(address);
    expect(links[0]?.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=Running%20event%20/);
  });

  it('maps each refusal to the spec dialog', () => {
    expect(joinOutcome('YouMustLogIn')).toEqual({ kind: 'redirect', code: 'YouMustLogIn', to: 'login' });
    expect(joinOutcome('UpdateRegistrationTitle')).toEqual({
      kind: 'redirect',
      code: 'UpdateRegistrationTitle',
      to: 'edit',
    });
    expect(joinOutcome('InvalidNICAccount')).toEqual({ kind: 'redirect', code: 'InvalidNICAccount', to: 'verify' });
    for (const code of ['YouMustBeVolunteer', 'NotAllowToJoinEvent', 'event_expired'] as const)
      expect(joinOutcome(code)).toEqual({ kind: 'info', code });
  });

  // Spec section 8: each refusal its own sentence, in an information dialog; the shared codes by their reason.
  it.each<[string, Record<string, unknown> | undefined, string, string]>([
    [
      'NotAllowToJoinEvent',
      { reason: 'alreadyAsked', status: 7 },
      'You have already asked to join this event, or been invited to it. Follow your request on My events.',
      'سبق أن طلبت الانضمام إلى هذه الفعالية أو دُعيت إليها، ويمكنك متابعة الطلب من صفحة فعالياتي.',
    ],
    [
      'NotAllowToJoinEvent',
      { reason: 'registrationNotApproved' },
      'You can join events once your volunteer registration is approved.',
      'يمكنك الانضمام إلى الفعاليات بعد اعتماد تسجيلك كمتطوع.',
    ],
    [
      'NotAllowToJoinEvent',
      { reason: 'visibility' },
      'This event is restricted to volunteers of certain regions or cities, or to those invited.',
      'هذه الفعالية مقيدة بمتطوعي مناطق أو مدن محددة أو بالمدعوين إليها فقط.',
    ],
    [
      'NotAllowToJoinEvent',
      { reason: 'gender' },
      'This event is for volunteers of one gender only.',
      'هذه الفعالية مخصصة لجنس واحد من المتطوعين.',
    ],
    [
      'VolunteerJoinedAnotherEvent',
      { reason: 'pendingRequests' },
      'You already have two join requests waiting: a join request cannot be sent for more than two events.',
      'لديك طلبا انضمام قيد الانتظار، ولا يمكن إرسال طلب انضمام لأكثر من فعاليتين.',
    ],
    [
      'VolunteerJoinedAnotherEvent',
      { reason: 'acceptedElsewhere' },
      'You cannot join while taking part in another event on the same dates.',
      'لا يمكنك الانضمام أثناء مشاركتك في فعالية أخرى في التواريخ نفسها.',
    ],
    [
      'ErrorMessageConflictEventDate',
      { otherOpportunityId: 'x' },
      'The dates of this event conflict with another accepted event.',
      'تتعارض تواريخ هذه الفعالية مع فعالية أخرى مقبولة.',
    ],
    ['event_expired', undefined, 'The event has expired.', 'انتهت الفعالية.'],
    ['ExceededApprovalLimit', undefined, 'This event is full.', 'اكتمل العدد المطلوب لهذه الفعالية.'],
    [
      'InvalidNICAccount',
      undefined,
      'Your national identity must be verified first.',
      'يجب التحقق من الهوية الوطنية أولاً.',
    ],
    ['YouMustBeVolunteer', undefined, 'This is for volunteers only.', 'هذه الخدمة للمتطوعين فقط.'],
  ])('%s %j answers its own sentence in both languages', async (code, details, english, arabic) => {
    for (const [lang, text, title] of [
      ['en', english, 'Could not join'],
      ['ar', arabic, 'تعذر الانضمام'],
    ] as const) {
      installEventsApi({ user: sara, csrfToken: 'csrf-user' }, { joinFailure: code, joinDetails: details });
      open(`/${lang}/events/${EVENT_ID}`);
      fireEvent.click(await screen.findByTestId('join-event'));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(within(dialog).getByTestId('join-result').textContent).toBe(text);
      app?.cleanup();
      cleanup();
    }
  });

  it('offers My events from the already-asked refusal, and the registration from the not-approved one', async () => {
    installEventsApi(
      { user: sara, csrfToken: 'csrf-user' },
      { joinFailure: 'NotAllowToJoinEvent', joinDetails: { reason: 'alreadyAsked', status: 7 } },
    );
    const { path } = open(`/en/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByTestId('join-event'));
    const dialog = await screen.findByRole('dialog', { name: 'Could not join' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Open my events' }));
    await waitFor(() => expect(path()).toBe('/en/my-events'));
    app?.cleanup();
    cleanup();
    installEventsApi(
      { user: sara, csrfToken: 'csrf-user' },
      { joinFailure: 'NotAllowToJoinEvent', joinDetails: { reason: 'registrationNotApproved' } },
    );
    const second = open(`/en/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByTestId('join-event'));
    const again = await screen.findByRole('dialog', { name: 'Could not join' });
    fireEvent.click(within(again).getByRole('link', { name: 'View my registration' }));
    await waitFor(() => expect(second.path()).toBe('/en/registration'));
  });

  it('shows a volunteer who already asked that her request waits, with no second join button', async () => {
    installEventsApi({ user: sara, csrfToken: 'csrf-user' }, { myStatus: 7 });
    open(`/en/events/${EVENT_ID}`);
    expect((await screen.findByTestId('my-participation')).textContent).toContain(
      'You asked to join this event; your request is waiting for the event team.',
    );
    expect(screen.queryByTestId('join-event')).toBeNull();
  });

  it('after joining, the page says she asked and the keyboard focus lands on it when the dialog closes', async () => {
    installEventsApi({ user: sara, csrfToken: 'csrf-user' });
    open(`/en/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByTestId('join-event'));
    const dialog = await screen.findByRole('dialog', { name: 'Join request sent' });
    await screen.findByTestId('my-participation');
    expect(screen.queryByTestId('join-event')).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('my-participation'));
  });

  it('offers the join again after a cancelled request', async () => {
    installEventsApi({ user: sara, csrfToken: 'csrf-user' }, { myStatus: 6 });
    open(`/en/events/${EVENT_ID}`);
    expect(await screen.findByTestId('join-event')).toBeTruthy();
    expect(screen.queryByTestId('my-participation')).toBeNull();
  });

  it('a visitor is told to sign in and sent to login with the way back', async () => {
    installEventsApi({}, { joinFailure: 'YouMustLogIn' });
    const { href } = open(`/en/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByTestId('join-event'));
    const dialog = await screen.findByRole('dialog', { name: 'Could not join' });
    expect(within(dialog).getByText('You must log in first.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(href()).toContain('/en/login'));
    expect(href()).toContain(encodeURIComponent(`/events/${EVENT_ID}`));
  });

  it('an incomplete registration is prompted, then sent to the edit page', async () => {
    installEventsApi({ user: sara, csrfToken: 'csrf-user' }, { joinFailure: 'UpdateRegistrationTitle' });
    const { path } = open(`/en/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByTestId('join-event'));
    const dialog = await screen.findByRole('dialog', { name: 'Could not join' });
    expect(within(dialog).getByText('Please complete your registration first.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete your registration' }));
    await waitFor(() => expect(path()).toBe('/en/registration/edit'));
  });

  it('other refusals are an information dialog that stays on the page; success says so', async () => {
    const { api, extra } = installEventsApi(
      { user: sara, csrfToken: 'csrf-user' },
      { joinFailure: 'VolunteerJoinedAnotherEvent' },
    );
    const { path } = open(`/ar/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByTestId('join-event'));
    const dialog = await screen.findByRole('dialog', { name: 'تعذر الانضمام' });
    expect(within(dialog).getByTestId('join-result').dataset.code).toBe('VolunteerJoinedAnotherEvent');
    expect(within(dialog).queryByTestId('join-redirect')).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'إغلاق' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(path()).toBe(`/ar/events/${EVENT_ID}`);

    extra.joinFailure = null;
    fireEvent.click(screen.getByTestId('join-event'));
    expect(await screen.findByRole('dialog', { name: 'تم إرسال طلب الانضمام' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('/join')).at(-1)?.csrf).toBe('csrf-user');
  });
});

describe('my events', () => {
  const p = (over: Partial<Participation>): Participation => ({
    opportunityId: EVENT_ID,
    nameAr: 'فعالية الجري',
    nameEn: 'Running event',
    startDate: '2099-01-01',
    endDate: '2099-01-05',
    status: 1,
    approvedHours: 0,
    pendingHours: 0,
    ...over,
  });

  it('updates the invitations from the server-sent events, and reconnects a closed stream', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    installEventsApi({ user: sara, csrfToken: 'csrf-user' });
    open('/en/my-events');
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/me/invitations/stream'));
    const first = FakeEventSource.last!;
    act(() => first.push([p({ status: 1 })]));
    const card = await screen.findByTestId('my-event');
    expect(within(card).getByTestId('my-status').textContent).toBe('Waiting for the volunteer');
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeTruthy();

    act(() => first.push([p({ status: 4, approvedHours: 6, pendingHours: 2, startDate: '2000-01-01' })]));
    fireEvent.click(screen.getByRole('tab', { name: /^Current events/ }));
    const current = await screen.findByTestId('my-list-current');
    expect(within(current).getByTestId('my-hours').textContent).toBe('Approved hours: 6, pending: 2');
    expect(within(current).getByRole('button', { name: 'Check in' })).toBeTruthy();

    vi.useFakeTimers();
    act(() => first.fail());
    expect(screen.getByTestId('stream-state').dataset.state).toBe('reconnecting');
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    expect(FakeEventSource.last).not.toBe(first);
  });

  it('checks a contribution (incident) as the domain does: start time, then every field to submit', () => {
    const v = {
      incidentId: '',
      fullName: '',
      genderType: 0,
      age: '' as const,
      nationalityId: '' as const,
      startTime: '',
      closeTime: '',
      proceduresTaken: '',
      complaint: '',
    };
    expect(incidentIssue(v, 'draft')).toBe('AllFieldsRequired');
    const named = { ...v, fullName: 'Patient', age: 40, nationalityId: 44 };
    expect(incidentIssue(named, 'draft')).toBe('StartTimeRequired');
    expect(incidentIssue({ ...named, genderType: 0, startTime: '2026-12-01T08:00' }, 'draft')).toBeNull();
    expect(incidentIssue({ ...named, startTime: '2026-12-01T08:00' }, 'submit')).toBe('AllFieldsRequired');
    const full = {
      ...named,
      startTime: '2026-12-01T08:00',
      closeTime: '2026-12-01T09:00',
      proceduresTaken: 'First aid',
      complaint: 'Dizziness',
    };
    expect(incidentIssue(full, 'submit')).toBeNull();
    expect(incidentIssue({ ...full, closeTime: '2026-12-01T07:00' }, 'submit')).toBe('InvalidDate');
  });

  it('sorts participations into invitations, current and past', () => {
    expect(tabOf({ status: 1, endDate: '2026-12-01' }, '2026-11-22')).toBe('invitations');
    expect(tabOf({ status: 7, endDate: '2026-11-01' }, '2026-11-22')).toBe('past');
    expect(tabOf({ status: 4, endDate: '2026-12-01' }, '2026-11-22')).toBe('current');
    expect(tabOf({ status: 4, endDate: '2026-11-01' }, '2026-11-22')).toBe('past');
    expect(tabOf({ status: 6, endDate: '2026-12-01' }, '2026-11-22')).toBeNull();
  });
});

describe('staff: roster, raise and hours', () => {
  const rosterRow: RosterRow = {
    volunteerId: VOL_ID,
    nameAr: 'ريم',
    nameEn: 'Reem',
    status: 7,
    approvedHours: 0,
    pendingHours: 0,
    actions: ['accept', 'reject'],
  };

  it('shows only the actions the server allows on each row: no reject on an unanswered invitation', async () => {
    installEventsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: staffPerms },
      { roster: [{ ...rosterRow, status: 1, actions: [] }] },
    );
    open(`/en/events/manage/${EVENT_ID}`);
    expect(await screen.findByRole('button', { name: 'History: Reem' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject: Reem' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept: Reem' })).toBeNull();
  });

  it('lets an admin reinstate a rejected volunteer after confirming, through the accept endpoint', async () => {
    const { api } = installEventsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: staffPerms },
      { roster: [{ ...rosterRow, status: 5, actions: ['reverse'] }] },
    );
    open(`/en/events/manage/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Reinstate: Reem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reinstate the volunteer' });
    expect(within(dialog).getByText(/Reinstate Reem in the event/)).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/accept'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.endsWith('/accept')).map((c) => c.body)).toEqual([{ confirmRaise: false }]),
    );
  });

  it('asks to raise the quota when accepting passes it, then sends confirmRaise', async () => {
    const { api } = installEventsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: staffPerms },
      { roster: [rosterRow], acceptFailsUntilRaise: true },
    );
    open(`/en/events/manage/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept: Reem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Participants needed reached' });
    const accepts = () => api.calls.filter((c) => c.path.endsWith('/accept')).map((c) => c.body);
    expect(accepts()).toEqual([{ confirmRaise: false }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise and accept' }));
    await waitFor(() => expect(accepts()).toEqual([{ confirmRaise: false }, { confirmRaise: true }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks hours before sending them', async () => {
    const { api } = installEventsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: staffPerms },
      { roster: [{ ...rosterRow, status: 4, actions: ['absent', 'release'] }] },
    );
    open(`/en/events/manage/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Add hours: Reem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add volunteer hours: Reem' });
    expect(within(dialog).getByRole('option', { name: '5 – Excellent' })).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: '1 – Poor' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('hours-error')).dataset.code).toBe('InvalidHours');
    expect(api.calls.some((c) => c.path.endsWith('/hours'))).toBe(false);

    expect(hoursIssue({ ...EMPTY_HOURS, hours: '4', casesHandled: '2', rating: '5' })).toBe('AllFieldsRequired');
    const ok = {
      hours: '4',
      casesHandled: '2',
      rating: '5',
      checkIn: '2026-12-01T08:00',
      checkOut: '2026-12-01T12:00',
      review: '',
    };
    expect(hoursIssue(ok)).toBeNull();
    expect(hoursIssue({ ...ok, checkOut: '2026-12-01T07:00' })).toBe('InvalidDate');
    expect(hoursIssue({ ...ok, hours: '0' })).toBe('InvalidHours');
    expect(hoursIssue({ ...ok, rating: '6' })).toBe('InvalidHours');
    expect(hoursIssue({ ...ok, casesHandled: '0' })).toBe('InvalidHours');
  });

  it('approves the pending hours of the selected participants at once', async () => {
    const other: RosterRow = { ...rosterRow, volunteerId: '33333333-3333-4333-8333-333333333333', nameEn: 'Fahad' };
    const { api } = installEventsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: staffPerms },
      {
        roster: [
          { ...rosterRow, status: 4, pendingHours: 4 },
          { ...other, status: 4, pendingHours: 2 },
        ],
      },
    );
    open(`/en/events/manage/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Reem' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Fahad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve hours of selected' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/hours/approve'))).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/hours/approve'))?.body).toEqual({
      items: [
        { volunteerId: VOL_ID, hoursId: 'h-2222' },
        { volunteerId: other.volunteerId, hoursId: 'h-3333' },
      ],
    });
    // Each row offers its own approve, reject and delete of pending hours.
    expect(screen.getByRole('button', { name: 'Approve hours: Reem' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject hours: Reem' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete hours: Reem' })).toBeTruthy();
  });

  it('hides every roster and header button whose endpoint the role may not call (the contract’s own guard)', async () => {
    const pending: RosterRow = { ...rosterRow, status: 4, pendingHours: 4, actions: ['absent', 'release'] };
    const everything: Permissions = {
      ...staffPerms,
      screens: { ...staffPerms.screens, eventsadmin: ['View', 'Add', 'Edit', 'Delete', 'Approve'] },
    };
    installEventsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: everything },
      { roster: [pending] },
    );
    open(`/en/events/manage/${EVENT_ID}`);
    const buttons = [
      'Add hours: Reem',
      'Approve hours: Reem',
      'Reject hours: Reem',
      'Delete hours: Reem',
      'Absent: Reem',
    ];
    for (const name of buttons) expect(await screen.findByRole('button', { name })).toBeTruthy();
    expect(screen.getByTestId('edit-event')).toBeTruthy();
    expect(screen.getByTestId('delete-event')).toBeTruthy();
    app?.cleanup();
    cleanup();
    vi.unstubAllGlobals();

    // The same staff member without Edit and Delete on events, and with only View on hours.
    const viewer: Permissions = {
      ...staffPerms,
      screens: { ...staffPerms.screens, eventsadmin: ['View'], volunteerhours: ['View'] },
    };
    installEventsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: viewer },
      { roster: [pending] },
    );
    open(`/en/events/manage/${EVENT_ID}`);
    expect(await screen.findByRole('button', { name: 'History: Reem' })).toBeTruthy();
    for (const name of buttons) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve hours of selected' })).toBeNull();
    for (const id of ['edit-event', 'delete-event', 'stop-invitations', 'approve-event']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
  });

  it('edits an event: the form starts from its values and PUTs them back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
    const { api } = installEventsApi({ user: staff, account: staff, csrfToken: 'csrf-user', permissions: staffPerms });
    open(`/en/events/manage/${EVENT_ID}`);
    fireEvent.click(await screen.findByTestId('edit-event'));
    const name = (await screen.findByLabelText(/^Name in English/)) as HTMLInputElement;
    expect(name.value).toBe('Running event');
    expect((screen.getByLabelText(/^Event code/) as HTMLInputElement).value).toBe('EV-1');
    fireEvent.change(name, { target: { value: 'Night run' } });
    fireEvent.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      code: 'EV-1',
      nameEn: 'Night run',
      volunteeringDays: [0, 2, 4],
      responsibilities: ['Guide runners', 'Hand out water'],
      maxContributions: 5,
    });
  });

  it('finds the pending hours ids in the invitation history', () => {
    const e = (action: string, hoursId: string) => ({
      at: '2026-11-22T09:00:00Z',
      actor: { id: null, nameAr: null, nameEn: null, roleId: null },
      action,
      changes: [{ field: 'hoursId', from: null, to: hoursId }],
      correlationId: null,
    });
    expect(pendingHoursIds([e('HoursRecorded', 'h1'), e('HoursApproved', 'h1'), e('HoursRecorded', 'h2')])).toEqual([
      'h2',
    ]);
  });

  it('validates a new event with the domain rules and codes', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    const codes = (over: Partial<typeof EMPTY_EVENT>) =>
      eventIssues({ ...EMPTY_EVENT, ...over }, CLIENTS.MOH, now).map((i) => `${i.path}:${i.code}`);
    expect(codes({})).toEqual(
      expect.arrayContaining([
        'code:AllFieldsRequired',
        'leadMobile:EventLeadMobileRequired',
        'maxInvitations:InvalidCount',
      ]),
    );
    const good = {
      code: 'EV',
      nameAr: 'ف',
      nameEn: 'E',
      leadName: 'L',
      leadMobile: '0551234567',
      leadEmail: 'l@example.org',
      maxInvitations: '5',
      maxContributions: '3',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
    };
    expect(codes(good)).toEqual([]);
    expect(codes({ ...good, startDate: '2026-11-23' })).toEqual(['startDate:EventStartTooSoon']);
    expect(codes({ ...good, minTarget: '5', maxTarget: '2' })).toEqual(['minTarget:InvalidTargetRange']);
    expect(codes({ ...good, leadMobile: '123' })).toEqual(['leadMobile:InvalidMobile']);
  });
});
