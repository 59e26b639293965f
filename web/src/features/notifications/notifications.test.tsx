// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../../../api/contracts/notifications.ts';
import type { SessionUser } from '../../../../api/contracts/session.ts';
import { NOTIFICATIONS_REFRESH_MS } from '../../../../domain/participation/notifications.ts';
import { type FakeApiState, installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { truncate } from './format.ts';

vi.setConfig({ testTimeout: 20_000 });

// The layout loads the bell and the user menu lazily: their modules are transformed here, once, so that the first
// test's wait for the bell (findByRole, 1 s) does not also wait for the transform on a loaded machine.
beforeAll(async () => {
  await Promise.all([import('./NotificationsBell.tsx'), import('../../app/layout/UserMenu.tsx')]);
});

const EVENT_ID = '11111111-1111-4111-8111-111111111111';
const LONG_NAME_EN = 'Health awareness campaign across the northern region';
const LONG_NAME_AR = 'حملة التوعية الصحية في جميع مدن المنطقة الشمالية';

function note(n: number, over: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
    type: 2,
    eventId: EVENT_ID,
    surveyId: null,
    invitationId: `${EVENT_ID}_u1`,
    ticketId: null,
    nameAr: LONG_NAME_AR,
    nameEn: LONG_NAME_EN,
    startDate: '2026-12-01',
    endDate: '2026-12-05',
    previousEndDate: null,
    extensionState: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    read: false,
    ...over,
  };
}
const extension = (over: Partial<NotificationItem> = {}) =>
  note(16, { type: 16, endDate: '2026-12-09', previousEndDate: '2026-12-05', extensionState: 'open', ...over });

interface Server {
  items: NotificationItem[];
  hasHeader: boolean;
  /** What the extension answers reply instead of success. */
  answerFailure: string | null;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The fake API with the notifications endpoints (and a configurable HasNotificationsHeader) in front of it. */
function installNotificationsApi(base: Partial<FakeApiState>, over: Partial<Server> = {}) {
  const api = installFakeApi(base);
  const server: Server = { items: [], hasHeader: true, answerFailure: null, ...over };
  const fallback = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const csrf = (init?.headers as Record<string, string> | undefined)?.['x-csrf-token'];
    const bare = path.split('?')[0]!;
    const record = () => api.calls.push({ method, path, body, csrf });
    if (method === 'GET' && bare === '/api/config') {
      const res = await fallback(input, init);
      return json(200, { ...(await res.json()), hasNotificationsHeader: server.hasHeader });
    }
    if (method === 'GET' && bare === '/api/me/notifications') {
      record();
      return json(200, { items: server.items, unread: server.items.filter((i) => !i.read).length });
    }
    if (method === 'POST' && bare === '/api/me/notifications/read') {
      record();
      if (csrf !== api.csrfToken) return json(403, { error: { code: 'CsrfRejected', message: 'x' } });
      server.items = server.items.map((i) => (body.ids.includes(i.id) ? { ...i, read: true } : i));
      return json(200, { position: '20.1' });
    }
    const answer = bare.match(/^\/api\/volunteers\/invitation\/([^/]+)\/extension\/(continue|decline)$/);
    if (method === 'POST' && answer) {
      record();
      if (server.answerFailure) return json(409, { error: { code: server.answerFailure, message: 'x' } });
      const state = answer[2] === 'continue' ? 'continued' : 'declined';
      server.items = server.items.map((i) => (i.type === 16 ? { ...i, extensionState: state, read: true } : i));
      return json(200, { position: '21.1' });
    }
    if (method === 'GET' && bare === '/api/me/participations') return json(200, []);
    return fallback(input, init);
  });
  return { api, server };
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
  push(list: unknown[]) {
    this.readyState = 1;
    this.dispatchEvent(Object.assign(new Event('invitations'), { data: JSON.stringify(list) }));
  }
  close() {
    this.readyState = 2;
  }
}

let app: ReturnType<typeof renderApp> | undefined;
const volunteer = { user: sara, csrfToken: 'csrf-user' };
const calls = (api: FakeApiState, method: string, prefix: string) =>
  api.calls.filter((c) => c.method === method && c.path.startsWith(prefix));

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: tests start without a language cookie
  document.cookie = 'lang=; max-age=0; path=/';
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the notifications bell', () => {
  it('shows the unread count, lists names cut at 30 characters, and marks what it shows as read', async () => {
    const { api, server } = installNotificationsApi(volunteer, {
      items: [note(1, { type: 1 }), note(2, { type: 6, read: true })],
    });
    app = renderApp('/en/dashboard');
    // The file's first render of the whole app: allowed longer than findBy's 1 s on a loaded machine.
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 5000 });
    expect(within(bell).getByTestId('notifications-count').textContent).toBe('1');

    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const rows = within(panel).getAllByTestId('notification');
    expect(rows).toHaveLength(2);
    const name = within(rows[0]!).getByTestId('notification-name');
    expect(name.textContent).toBe(`${LONG_NAME_EN.slice(0, 30).trimEnd()}…`);
    expect(name.getAttribute('title')).toBe(LONG_NAME_EN);
    expect(within(rows[0]!).getByTestId('notification-text').textContent).toBe('You were invited to this event.');
    expect(within(rows[1]!).getByTestId('notification-text').textContent).toBe(
      'Your hours in this event were approved.',
    );

    await waitFor(() => expect(calls(api, 'POST', '/api/me/notifications/read')).toHaveLength(1));
    expect(calls(api, 'POST', '/api/me/notifications/read')[0]).toMatchObject({
      body: { ids: [note(1).id] },
      csrf: 'csrf-user',
    });
    // Read again after the command, waiting for its position.
    await waitFor(() => expect(calls(api, 'GET', '/api/me/notifications?after=20.1').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications, 0 unread'),
    );
    // Still marked new while the list stays open; nothing is marked twice.
    expect(within(screen.getByTestId('notifications-panel')).getAllByTestId('notification')[0]!.dataset.new).toBe(
      'true',
    );
    expect(calls(api, 'POST', '/api/me/notifications/read')).toHaveLength(1);
    expect(server.items.every((i) => i.read)).toBe(true);

    fireEvent.keyDown(screen.getByTestId('notifications-panel'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('notifications-panel')).toBeNull());
  });

  it('says so when there are none', async () => {
    installNotificationsApi(volunteer);
    app = renderApp('/en/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect((await screen.findByTestId('notifications-empty')).textContent).toBe('No notifications.');
  });

  it('type 16: "continue" accepts the extension', async () => {
    const { api } = installNotificationsApi(volunteer, { items: [extension()] });
    app = renderApp('/en/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications, / }));
    const row = await screen.findByTestId('notification');
    expect(within(row).getByTestId('notification-text').textContent).toBe(
      "The event's end date moved from 5 Dec 2026 to 9 Dec 2026. Continue until the new date?",
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(calls(api, 'POST', `/api/volunteers/invitation/${EVENT_ID}/extension/continue`)).toHaveLength(1),
    );
    expect(
      (await within(screen.getByTestId('notifications-panel')).findByTestId('notification-state')).textContent,
    ).toBe('You chose to continue until the new date.');
    expect(within(screen.getByTestId('notifications-panel')).queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('type 16: "do not continue" asks first, and going back sends nothing', async () => {
    const { api } = installNotificationsApi(volunteer, { items: [extension()] });
    app = renderApp('/en/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications, / }));
    const row = await screen.findByTestId('notification');
    fireEvent.click(within(row).getByRole('button', { name: 'Do not continue' }));
    const confirm = within(row).getByTestId('notification-confirm');
    expect(confirm.textContent).toContain(`"${LONG_NAME_EN}"`);
    // The safe choice has the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Go back'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Go back' }));
    expect(calls(api, 'POST', '/api/volunteers/invitation/')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Do not continue' }));
    fireEvent.click(within(row).getByTestId('notification-confirm-yes'));
    await waitFor(() =>
      expect(calls(api, 'POST', `/api/volunteers/invitation/${EVENT_ID}/extension/decline`)).toHaveLength(1),
    );
    expect(
      (await within(screen.getByTestId('notifications-panel')).findByTestId('notification-state')).textContent,
    ).toBe('You chose not to continue.');
  });

  it('shows a refusal translated, in Arabic by default (right to left)', async () => {
    installNotificationsApi(volunteer, { items: [extension()], answerFailure: 'ErrorMessageConflictEventDate' });
    app = renderApp('/ar/dashboard');
    const bell = await screen.findByRole('button', { name: 'الإشعارات، 1 غير مقروءة' });
    expect(document.documentElement.dir).toBe('rtl');
    fireEvent.click(bell);
    const row = await screen.findByTestId('notification');
    expect(within(row).getByTestId('notification-name').textContent).toBe(truncate(LONG_NAME_AR, 30));
    fireEvent.click(within(row).getByRole('button', { name: 'استمرار' }));
    expect((await within(row).findByTestId('notification-error')).textContent).toBe(
      'تتعارض تواريخ هذه الفعالية مع فعالية أخرى مقبولة.',
    );
  });

  it('shows a refusal in English too', async () => {
    installNotificationsApi(volunteer, { items: [extension()], answerFailure: 'event_expired' });
    app = renderApp('/en/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications, / }));
    const row = await screen.findByTestId('notification');
    fireEvent.click(within(row).getByRole('button', { name: 'Continue' }));
    expect((await within(row).findByTestId('notification-error')).textContent).toBe('The event has expired.');
  });

  it('fetches again when the live invitations stream reports a change, waiting for the newest event', async () => {
    const { api, server } = installNotificationsApi(volunteer);
    app = renderApp('/en/dashboard');
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/me/invitations/stream'));
    server.items = [extension()];
    act(() => FakeEventSource.last!.push([]));
    await waitFor(() =>
      expect(calls(api, 'GET', '/api/me/notifications').filter((c) => c.path.includes('fresh=1'))).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it(`fetches again every ${NOTIFICATIONS_REFRESH_MS} ms`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, server } = installNotificationsApi(volunteer);
    app = renderApp('/en/dashboard');
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    const before = calls(api, 'GET', '/api/me/notifications').length;
    server.items = [note(1)];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTIFICATIONS_REFRESH_MS - 1_000);
    });
    expect(calls(api, 'GET', '/api/me/notifications')).toHaveLength(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(calls(api, 'GET', '/api/me/notifications')).toHaveLength(before + 1);
  });

  it('is not there for staff, visitors, or a client without the notifications header', async () => {
    const staff: SessionUser = { ...sara, id: 'u2', userName: 'staff', roleId: 2 };
    installNotificationsApi({ user: staff, csrfToken: 'csrf-user' });
    app = renderApp('/en/dashboard');
    await screen.findByRole('button', { name: /Sara Alotaibi/ });
    expect(screen.queryByTestId('notifications-bell')).toBeNull();
    app.cleanup();

    installNotificationsApi({});
    app = renderApp('/en');
    expect((await screen.findAllByRole('link', { name: 'Sign in' })).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('notifications-bell')).toBeNull();
    app.cleanup();

    const { api } = installNotificationsApi(volunteer, { hasHeader: false });
    app = renderApp('/en/dashboard');
    await screen.findByRole('button', { name: /Sara Alotaibi/ });
    expect(screen.queryByTestId('notifications-bell')).toBeNull();
    expect(calls(api, 'GET', '/api/me/notifications')).toHaveLength(0);
  });
});

describe('truncation (spec: name 30, text 100, then an ellipsis)', () => {
  it('cuts only what is longer, on whole characters', () => {
    expect(truncate('short', 30)).toBe('short');
    expect(truncate('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}…`);
    expect(truncate('😀'.repeat(31), 30)).toBe(`${'😀'.repeat(30)}…`);
  });
});
