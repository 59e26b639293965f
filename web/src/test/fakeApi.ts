import { vi } from 'vitest';
import type { RegistrationDetail } from '../../../api/contracts/registration.ts';
import type { Permissions, PublicConfig, SessionUser } from '../../../api/contracts/session.ts';
import { CLIENTS, type ClientCode } from '../../../domain/shared/clients.ts';
import { testLookups } from './lookups.ts';

/** A stand-in for the portal API behind `fetch`, with just enough state for the web app's journeys. */
export interface FakeApiState {
  user: SessionUser | null;
  csrfToken: string;
  /** What POST /api/session/login answers for a wrong password. */
  loginFailure: { status: number; code: string; details?: Record<string, unknown> } | null;
  /** The user that logs in with password "Secret#123". */
  account: SessionUser;
  permissions: Permissions;
  configFails: boolean;
  changePasswordFailure: { code: string } | null;
  /** The client code GET /api/config answers. */
  clientCode: ClientCode;
  /** The practitioners' course link GET /api/config answers, and a submitted save with a CFHS number. */
  courseUrl: string | null;
  /** HasSingleSignOn in GET /api/config. */
  hasSingleSignOn: boolean;
  /** What GET /api/registrations/me answers for the signed-in user (404 when null). */
  registration: RegistrationDetail | null;
  /** What POST /api/registrations and PUT /api/registrations/me answer instead of success. */
  saveFailure: { status: number; code: string; details?: Record<string, unknown> } | null;
  /** The reference number a save answers. */
  referenceNumber: string;
  calls: { method: string; path: string; body: unknown; csrf: string | undefined }[];
}

export const sara: SessionUser = {
  id: 'u1',
  userName: 'sara',
  name: { ar: 'سارة العتيبي', en: 'Sara Alotaibi' },
  roleId: 1,
  isRegistrationComplete: true,
  isNicValid: true,
  mustChangePassword: false,
  registrationStatus: 5,
};

export const config: PublicConfig = {
  clientCode: 'MOH',
  clientName: { ar: 'وزارة الصحة', en: 'Ministry of Health' },
  homeView: 'ministry',
  loginView: 'standard',
  hasSingleSignOn: false,
  hasNotificationsHeader: false,
  captcha: false,
  courseUrl: null,
  mapTiles: null,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fail(status: number, code: string, details?: Record<string, unknown>): Response {
  return json(status, { error: { code, message: `English ${code}`, details } });
}

export function installFakeApi(overrides: Partial<FakeApiState> = {}): FakeApiState {
  const state: FakeApiState = {
    user: null,
    csrfToken: 'csrf-anon',
    loginFailure: { status: 401, code: 'WrongInfo', details: { loginStatus: 3 } },
    account: sara,
    permissions: { roleId: 1, screens: { dashboard: ['View'], changepassword: ['View', 'Edit'], myevents: ['View'] } },
    configFails: false,
    hasSingleSignOn: false,
    changePasswordFailure: null,
    clientCode: 'MOH',
    courseUrl: null,
    registration: null,
    saveFailure: null,
    referenceNumber: 'REG-2026-000123',
    calls: [],
    ...overrides,
  };

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const csrf = (init?.headers as Record<string, string> | undefined)?.['x-csrf-token'];
    state.calls.push({ method, path, body, csrf });
    if (method !== 'GET' && csrf !== state.csrfToken) return fail(403, 'CsrfRejected');

    switch (`${method} ${path.split('?')[0]}`) {
      case 'GET /api/session':
        return json(200, {
          user: state.user,
          csrfToken: state.csrfToken,
          idleTimeoutSeconds: 900,
          idleWarningSeconds: 60,
        });
      case 'GET /api/config':
        if (state.configFails) return fail(500, 'InternalServerError');
        return json(200, {
          ...config,
          hasSingleSignOn: state.hasSingleSignOn,
          clientCode: state.clientCode,
          clientName: CLIENTS[state.clientCode].name,
          homeView: CLIENTS[state.clientCode].homeView,
          loginView: CLIENTS[state.clientCode].loginView,
          courseUrl: state.courseUrl,
        });
      case 'GET /api/session/permissions':
        return state.user ? json(200, state.permissions) : fail(401, 'Unauthorized');
      case 'POST /api/session/login': {
        if (body.password === 'Secret#123' && body.userName === state.account.userName) {
          state.user = state.account;
          state.csrfToken = 'csrf-user';
          return json(200, { loginStatus: 1, user: state.user, csrfToken: state.csrfToken, position: '1.1' });
        }
        const f = state.loginFailure ?? { status: 401, code: 'WrongInfo' };
        return fail(f.status, f.code, f.details);
      }
      case 'POST /api/session/logout':
        state.user = null;
        state.csrfToken = 'csrf-anon-2';
        return new Response(null, { status: 204 });
      case 'POST /api/session/keepalive':
        return state.user ? new Response(null, { status: 204 }) : fail(401, 'SessionExpired');
      case 'POST /api/session/change-password': {
        if (!state.user) return fail(401, 'SessionExpired');
        if (state.changePasswordFailure) return fail(422, state.changePasswordFailure.code);
        state.user = { ...state.user, mustChangePassword: false };
        return json(200, { position: '2.2' });
      }
      case 'GET /api/lookups':
        return json(200, testLookups);
      case 'POST /api/registrations':
      case 'PUT /api/registrations/me': {
        if (method === 'PUT' && !state.user) return fail(401, 'SessionExpired');
        if (state.saveFailure) return fail(state.saveFailure.status, state.saveFailure.code, state.saveFailure.details);
        const status = body.submit ? 2 : 1;
        if (method === 'PUT' && state.registration) {
          state.registration = { ...state.registration, status, form: body.form };
        }
        return json(method === 'POST' ? 201 : 200, {
          volunteerId: 'v1',
          status,
          referenceNumber: state.referenceNumber,
          hasEmailVerification: method === 'POST',
          courseUrl: body.submit && body.form?.practitioner?.cfhsNumber ? state.courseUrl : null,
          position: '3.3',
        });
      }
      case 'GET /api/registrations/me':
        if (!state.user) return fail(401, 'SessionExpired');
        return state.registration ? json(200, state.registration) : fail(404, 'NotFound');
      case 'POST /api/registrations/employee-code/check':
        // The HR system knows one employee: E1001, id number 1012340001.
        return body.employeeCode === 'E1001' && body.idNumber === '1012340001'
          ? json(200, { valid: true })
          : fail(422, 'EmployeeCodeNotMatched');
      case 'POST /api/email-verification':
        if (!/^[0-9a-f-]{36}\./.test(body.token)) return fail(422, 'Error_WrongActivationLink');
        return json(200, { result: body.token.endsWith('expired') ? '400' : '100', position: '4.4' });
      case 'POST /api/account/forgot-password':
      case 'POST /api/account/forgot-username':
        return json(200, { accepted: true });
      case 'POST /api/account/reset-password':
        return body.token === `${sara.id}.valid-reset-link-0123456789`
          ? json(200, { position: '5.5' })
          : fail(422, 'Error_WrongActivationLink');
      case 'POST /api/files':
        return json(201, { fileId: 'file-up-1', name: 'upload.pdf', size: 10, mimeType: 'application/pdf' });
      default:
        return fail(404, 'NotFound');
    }
  };
  vi.stubGlobal('fetch', vi.fn(handler));
  return state;
}

/** A staff member (role 2) signed in, for the staff screens' tests. */
export const staffMember: SessionUser = {
  ...sara,
  id: '00000000-0000-4000-8000-000000000002',
  userName: 'staff',
  roleId: 2,
};

/**
 * The fake API with `staffMember` signed in and holding `permissions`, answering each GET path of `reads` with its
 * body, and recording the exports started (POST /api/exports/…, answered as started): the list a test inspects.
 */
export function installExportsApi(
  permissions: Permissions,
  reads: Record<string, unknown>,
): { path: string; body: unknown }[] {
  const started: { path: string; body: unknown }[] = [];
  installFakeApi({ user: staffMember, account: staffMember, csrfToken: 'csrf-user', permissions });
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input).split('?')[0]!;
    if (path.startsWith('/api/exports/') && init?.method === 'POST') {
      started.push({ path, body: JSON.parse(String(init.body)) });
      return json(201, { id: '0b6c2d1e-0000-4000-8000-0000000000e3', position: '1.1' });
    }
    if (path in reads) return json(200, reads[path]);
    return base(input, init);
  });
  return started;
}
