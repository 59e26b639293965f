// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry, RegistrationDetail } from '../../../../api/contracts/registration.ts';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { completeForm } from '../../../../domain/registration/fixtures.ts';
import { type FakeApiState, installFakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import type { GridRow } from './api.ts';
import { checkAppointment } from './rules.ts';

/** "Now" for the appointment checks: 22 November 2026, 09:00 UTC. */
const NOW = new Date('2026-11-22T09:00:00.000Z');
const ID = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';

vi.setConfig({ testTimeout: 20_000 });

const reviewer: SessionUser = {
  id: '00000000-0000-4000-8000-000000000003',
  userName: 'reviewer',
  name: { ar: 'نورة القحطاني', en: 'Noura Alqahtani' },
  roleId: 4,
  isRegistrationComplete: true,
  isNicValid: true,
  mustChangePassword: false,
  registrationStatus: null,
};

const canApprove: Permissions = {
  roleId: 4,
  screens: { dashboard: ['View'], registrationadmin: ['View', 'Approve'] },
};
const viewOnly: Permissions = { roleId: 2, screens: { dashboard: ['View'], registrationadmin: ['View'] } };

function row(n: number, over: Partial<GridRow> = {}): GridRow {
  return {
    volunteerId: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    referenceNumber: `R20261120-${String(n).padStart(6, '0')}`,
    practitioner: null,
    status: 2,
    nameAr: `متطوع ${n}`,
    nameEn: `Volunteer ${n}`,
    idNumber: `10${String(n).padStart(8, '0')}`,
    mobile: '0551234567',
    regionId: 1,
    cityId: 3,
    submittedAt: '2026-11-20T08:00:00.000Z',
    appointmentAt: null,
    ...over,
  };
}

function detail(status: RegistrationDetail['status'], over: Partial<RegistrationDetail> = {}): RegistrationDetail {
  const form = completeForm();
  delete form.user!.password;
  delete form.user!.confirmPassword;
  return {
    volunteerId: ID,
    status,
    referenceNumber: 'R20261120-3F1C2A',
    form,
    appointment: null,
    rejectReason: null,
    notes: [],
    practitioner: null,
    ...over,
  };
}

interface ReviewApi {
  rows: GridRow[];
  total: number;
  gridFails: boolean;
  detail: RegistrationDetail;
  history: HistoryEntry[];
}

/**
 * The fake portal API (web/src/test/fakeApi.ts) signed in as a reviewer, with the review endpoints in front of it.
 * Every call lands in `api.calls`.
 */
function installReviewApi(permissions: Permissions, over: Partial<ReviewApi> = {}) {
  const api = installFakeApi({ user: reviewer, account: reviewer, csrfToken: 'csrf-user', permissions });
  const review: ReviewApi = {
    rows: [row(1), row(2)],
    total: 2,
    gridFails: false,
    detail: detail(2),
    history: [],
    ...over,
  };
  const base = vi.mocked(fetch).getMockImplementation()!;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const csrf = (init?.headers as Record<string, string> | undefined)?.['x-csrf-token'];
    const bare = path.split('?')[0]!;
    const record = () => api.calls.push({ method, path, body, csrf });
    if (method === 'GET' && bare === '/api/registrations') {
      record();
      if (review.gridFails) return new Response('Bad gateway', { status: 502 });
      return json(200, { rows: review.rows, total: review.total });
    }
    if (method === 'GET' && bare === `/api/registrations/${ID}`) {
      record();
      return json(200, review.detail);
    }
    if (method === 'GET' && bare === `/api/history/registration/${ID}`) {
      record();
      return json(200, review.history);
    }
    if (method === 'GET' && bare === '/api/staff-members') {
      record();
      return json(200, [
        { id: reviewer.id, nameAr: 'نورة القحطاني', nameEn: 'Noura Alqahtani', roleId: 4 },
        { id: '00000000-0000-4000-8000-000000000001', nameAr: 'سارة العتيبي', nameEn: 'Sarah Alotaibi', roleId: 3 },
      ]);
    }
    if (method === 'POST' && bare.startsWith(`/api/registrations/${ID}/`)) {
      record();
      if (bare.endsWith('/initial-accept')) {
        review.detail = {
          ...review.detail,
          status: 3,
          appointment: { ...body, reviewerName: 'نورة القحطاني', at: body.appointmentAt },
        };
      }
      if (bare.endsWith('/approve')) review.detail = { ...review.detail, status: 5 };
      return json(200, { position: '42.42' });
    }
    return base(input, init);
  });
  return { api, review };
}

let app: ReturnType<typeof renderApp> | undefined;
function open(path: string) {
  app = renderApp(path);
  return app;
}

const gridCalls = (api: FakeApiState) =>
  api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/registrations?')).map((c) => c.path);

beforeAll(async () => {
  await Promise.all([import('./RegistrationsPage.tsx'), import('./RegistrationDetailPage.tsx')]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
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

describe('registrations grid', () => {
  it('asks the server for the submitted applications, 10 a page, newest first', async () => {
    const { api } = installReviewApi(canApprove);
    open('/en/registrations');
    expect(await screen.findByRole('link', { name: 'Volunteer 1' })).toBeTruthy();
    expect(gridCalls(api)).toEqual(['/api/registrations?status=2&page=1&pageSize=10&sort=submittedAt&dir=desc']);
    expect(screen.getByRole('tab', { name: 'Submitted', selected: true })).toBeTruthy();
    expect(screen.getByTestId('grid-range').textContent).toBe('Showing 1–2 of 2');
  });

  it('requests the chosen page size, sort, filter, status and page', async () => {
    const { api } = installReviewApi(canApprove, { rows: Array.from({ length: 10 }, (_, i) => row(i + 1)), total: 57 });
    const { router } = open('/en/registrations');
    await screen.findByRole('link', { name: 'Volunteer 1' });

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(gridCalls(api).at(-1)).toContain('pageSize=50'));
    expect(gridCalls(api).at(-1)).toBe('/api/registrations?status=2&page=1&pageSize=50&sort=submittedAt&dir=desc');

    const nameHeader = screen.getByRole('columnheader', { name: /^Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(gridCalls(api).at(-1)).toContain('sort=nameEn&dir=asc'));
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /^Submitted on/ }).getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Name/ })).getByRole('button'));
    await waitFor(() => expect(gridCalls(api).at(-1)).toContain('sort=nameEn&dir=desc'));

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ahm' } });
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '1012345678' } });
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Submitted from'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(gridCalls(api).at(-1)).toContain('name=Ahm'));
    expect(gridCalls(api).at(-1)).toBe(
      '/api/registrations?status=2&page=1&pageSize=50&sort=nameEn&dir=desc&name=Ahm&idNumber=1012345678&regionId=1&from=2026-11-01',
    );
    expect(router.state.location.search).toMatchObject({ name: 'Ahm', pageSize: 50, sort: 'nameEn', dir: 'desc' });

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(gridCalls(api).at(-1)).toContain('page=2&'));

    fireEvent.click(screen.getByRole('tab', { name: 'Initially accepted' }));
    await waitFor(() => expect(gridCalls(api).at(-1)).toContain('status=3&page=1&'));
    expect(screen.getByRole('columnheader', { name: 'Interview' })).toBeTruthy();
  });

  it('says when nothing matches, and offers a retry when the server fails', async () => {
    const { review, api } = installReviewApi(canApprove, { rows: [], total: 0 });
    open('/ar/registrations');
    expect((await screen.findByTestId('grid-empty')).textContent).toBe('لا توجد سجلات.');
    app?.cleanup();
    cleanup();

    review.gridFails = true;
    open('/en/registrations');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The data could not be loaded. Please try again.');
    review.gridFails = false;
    review.rows = [row(7)];
    review.total = 1;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Volunteer 7' })).toBeTruthy();
    expect(gridCalls(api).length).toBeGreaterThanOrEqual(3);
  });

  it('opens an application from its row', async () => {
    installReviewApi(canApprove);
    const { path } = open('/en/registrations');
    fireEvent.click(await screen.findByRole('link', { name: 'Volunteer 1' }));
    await waitFor(() => expect(path()).toBe(`/en/registrations/${row(1).volunteerId}`));
  });

  it('mirrors the pager arrows in Arabic', async () => {
    installReviewApi(canApprove, { total: 30 });
    open('/ar/registrations');
    const next = await screen.findByRole('button', { name: 'الصفحة التالية' });
    expect(next.querySelector('svg')?.getAttribute('class')).toContain('mantine-rotate-rtl');
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('practitioners (health licence)', () => {
  const nurse = {
    cfhsNumber: '12RM0012345',
    statusId: 8,
    classificationAr: 'ممرض',
    classificationEn: 'Nurse',
    licenceExpiryDate: '2028-06-30',
    checkedAt: '2026-11-20T08:00:00.000Z',
  };
  it('shows the classification and licence status in the grid', async () => {
    installReviewApi(canApprove, { rows: [row(1, { practitioner: nurse }), row(2)] });
    open('/en/registrations');
    await screen.findByRole('link', { name: 'Volunteer 1' });
    const badges = screen.getAllByTestId('practitioner-badge');
    expect(badges).toHaveLength(1);
    expect(badges[0]!.textContent).toBe('NurseValid');
  });
  it('shows the licence check on the application detail', async () => {
    installReviewApi(canApprove, { detail: { ...detail(2), practitioner: { ...nurse, statusId: 9 } } });
    open(`/en/registrations/${ID}`);
    const panel = await screen.findByTestId('practitioner-panel');
    expect(panel.textContent).toContain('12RM0012345');
    expect(panel.textContent).toContain('Nurse');
    expect(panel.textContent).toContain('Expired');
    expect(panel.textContent).toContain('2028-06-30');
  });
});

describe('application detail', () => {
  it('shows the approve button only with the Approve permission', async () => {
    installReviewApi(viewOnly, { detail: detail(3) });
    open(`/en/registrations/${ID}`);
    expect(await screen.findByTestId('applicant-name')).toBeTruthy();
    expect(screen.getByText('Initially accepted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a note' })).toBeNull();
    app?.cleanup();
    cleanup();

    installReviewApi(canApprove, { detail: detail(3) });
    open(`/en/registrations/${ID}`);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move back to submitted' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Initial accept' })).toBeNull();
  });

  it('refuses an appointment in the past before calling the server, then accepts a future one', async () => {
    const { api } = installReviewApi(canApprove);
    open(`/en/registrations/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Initial accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Initial accept and interview appointment' });
    await within(dialog).findByRole('option', { name: 'Noura Alqahtani – Reviewer' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Initial accept' }));
    expect(
      await within(dialog).findAllByText('Enter the interview date and time, the location and the reviewer.'),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Interview date/), { target: { value: '2026-11-21' } });
    fireEvent.change(within(dialog).getByLabelText(/^Interview time/), { target: { value: '10:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Interview location/), { target: { value: 'King Fahd Hospital' } });
    fireEvent.change(within(dialog).getByLabelText(/^Interviewer/), { target: { value: reviewer.id } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Initial accept' }));
    const date = within(dialog).getByLabelText(/^Interview date/);
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('The interview appointment cannot be in the past.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(date, { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Initial accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      path: `/api/registrations/${ID}/initial-accept`,
      csrf: 'csrf-user',
      body: {
        appointmentAt: new Date('2026-12-01T10:00').toISOString(),
        location: 'King Fahd Hospital',
        reviewerId: reviewer.id,
      },
    });
    // The page reads the application again at the action's position, and shows the appointment.
    expect(api.calls.some((c) => c.path === `/api/registrations/${ID}?after=42.42`)).toBe(true);
    expect((await screen.findByTestId('appointment')).textContent).toContain('King Fahd Hospital');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('asks before approving and needs a reason to reject', async () => {
    const { api } = installReviewApi(canApprove, { detail: detail(3) });
    open(`/en/registrations/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject the application' });
    fireEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByText('Enter the reason for rejection.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(reject).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve the application' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === `/api/registrations/${ID}/approve`)).toBe(true));
    expect(await screen.findByText('Approved')).toBeTruthy();
  });

  it('offers the attachments as download links', async () => {
    installReviewApi(canApprove);
    open(`/en/registrations/${ID}`);
    const links = await screen.findAllByTestId('attachment-link');
    expect(links.map((a) => a.getAttribute('href'))).toContain('/api/files/file-grad-1');
  });

  it('offers staff the volunteer card (PrintIDCard) of an approved volunteer only, in the page language', async () => {
    installReviewApi(viewOnly, { detail: detail(5) });
    open(`/en/registrations/${ID}`);
    const link = await screen.findByRole('link', { name: 'Print the volunteer card' });
    expect(link.getAttribute('href')).toBe(`/api/registrations/${ID}/id-card?lang=en`);
    app?.cleanup();
    cleanup();

    installReviewApi(viewOnly, { detail: detail(3) });
    open(`/en/registrations/${ID}`);
    expect(await screen.findByTestId('applicant-name')).toBeTruthy();
    expect(screen.queryByTestId('print-id-card')).toBeNull();
  });

  it('shows the history with who did what, and each field from → to', async () => {
    installReviewApi(canApprove, {
      detail: detail(3),
      history: [
        {
          at: '2026-11-20T08:00:00.000Z',
          actor: { id: ID, nameAr: 'أحمد القحطاني', nameEn: 'Ahmed Alqahtani', roleId: 1 },
          action: 'RegistrationSubmitted',
          correlationId: null,
          changes: [
            { field: 'personal.firstNameEn', from: null, to: 'Ahmed' },
            { field: 'address.cityId', from: null, to: 3 },
            { field: 'status', from: null, to: 2 },
          ],
        },
        {
          at: '2026-11-21T10:30:00.000Z',
          actor: { id: reviewer.id, nameAr: 'نورة القحطاني', nameEn: 'Noura Alqahtani', roleId: 4 },
          action: 'RegistrationInitiallyAccepted',
          correlationId: null,
          changes: [
            { field: 'status', from: 2, to: 3 },
            { field: 'location', from: null, to: 'King Fahd Hospital' },
            { field: 'reviewerId', from: null, to: reviewer.id },
          ],
        },
      ],
    });
    open(`/en/registrations/${ID}?tab=history`);
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    const [submitted, accepted] = entries as [HTMLElement, HTMLElement];
    expect(within(submitted).getByRole('heading', { name: 'Application submitted' })).toBeTruthy();
    expect(within(submitted).getByTestId('history-actor').textContent).toBe('Ahmed Alqahtani');
    expect(within(submitted).getByText('Volunteer')).toBeTruthy();
    expect(within(submitted).getByRole('rowheader', { name: 'City' }).closest('tr')?.textContent).toContain('Diriyah');

    expect(within(accepted).getByTestId('history-actor').textContent).toBe('Noura Alqahtani');
    expect(within(accepted).getByText('Reviewer')).toBeTruthy();
    const status = within(accepted).getByRole('rowheader', { name: 'Application status' }).closest('tr')!;
    expect(within(status).getByTestId('change-from').textContent).toBe('Submitted');
    expect(within(status).getByTestId('change-to').textContent).toBe('Initially accepted');
    // internal ids stay out of the history
    expect(within(accepted).queryByText(reviewer.id)).toBeNull();
    expect(screen.getByRole('tab', { name: 'History', selected: true })).toBeTruthy();
  });

  it('writes the history in Arabic with the Hijri date', async () => {
    installReviewApi(canApprove, {
      history: [
        {
          at: '2026-11-21T10:30:00.000Z',
          actor: { id: reviewer.id, nameAr: 'نورة القحطاني', nameEn: 'Noura Alqahtani', roleId: 4 },
          action: 'RegistrationApproved',
          correlationId: null,
          changes: [{ field: 'status', from: 3, to: 5 }],
        },
      ],
    });
    open(`/ar/registrations/${ID}?tab=history`);
    const [entry] = await screen.findAllByTestId('history-entry');
    expect(within(entry!).getByTestId('history-actor').textContent).toBe('نورة القحطاني');
    expect(within(entry!).getByText('مراجع')).toBeTruthy();
    expect(entry!.textContent).toContain('هـ');
    expect(within(entry!).getByTestId('change-to').textContent).toBe('معتمد');
  });
});

describe('appointment rules', () => {
  it('needs every field, a real date, and a time not in the past', () => {
    const now = new Date(2026, 10, 22, 9, 0);
    const ok = { date: '2026-11-22', time: '09:30', location: 'Clinic', reviewerId: 'r1' };
    expect(checkAppointment(ok, now)).toEqual({ ok: true, appointmentAt: new Date(2026, 10, 22, 9, 30).toISOString() });
    expect(checkAppointment({ ...ok, location: '  ' }, now)).toEqual({
      ok: false,
      code: 'InitialAcceptIncomplete',
      field: 'location',
    });
    expect(checkAppointment({ ...ok, time: '08:59' }, now)).toEqual({
      ok: false,
      code: 'AppointmentInPast',
      field: 'time',
    });
    expect(checkAppointment({ ...ok, date: '2026-11-21' }, now)).toMatchObject({
      code: 'AppointmentInPast',
      field: 'date',
    });
  });
});
