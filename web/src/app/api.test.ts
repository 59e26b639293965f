import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, READ_BEHIND_DELAYS_MS, setApiHooks } from './api.ts';
import { resetSessionStore, useSessionStore } from './stores/session.ts';

const sara = {
  id: 'u1',
  userName: 'sara',
  name: { ar: 'سارة', en: 'Sara' },
  roleId: 1,
  isRegistrationComplete: true,
  isNicValid: true,
  mustChangePassword: false,
  registrationStatus: 5,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function errorBody(code: string, details?: Record<string, unknown>) {
  return { error: { code, message: 'English text the UI must not show', details } };
}

const fetchMock = vi.fn<typeof fetch>();
const hooks = { onSessionEnded: vi.fn(), onPasswordChangeRequired: vi.fn(), onServerContact: vi.fn() };
let unhook: () => void;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  unhook = setApiHooks(hooks);
  resetSessionStore();
  useSessionStore.getState().setLoggedIn(sara, 'token-1');
});

afterEach(() => {
  unhook();
  fetchMock.mockReset();
  for (const h of Object.values(hooks)) h.mockReset();
  vi.unstubAllGlobals();
});

function sentHeaders(call = 0): Record<string, string> {
  return fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>;
}

describe('api helper', () => {
  it('sends the CSRF token with a POST', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api('/api/session/keepalive', { method: 'POST' });
    expect(sentHeaders()['x-csrf-token']).toBe('token-1');
  });

  it('sends a fresh Idempotency-Key with every write, and the same one when it sends the write again', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api('/api/a', { method: 'POST' });
    await api('/api/a', { method: 'DELETE' });
    const [first, second] = [sentHeaders(0)['idempotency-key'], sentHeaders(1)['idempotency-key']];
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(first).not.toBe(second);
    // A lost answer: the write goes once more under the same key.
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    fetchMock
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    await api('/api/a', { method: 'PUT', body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentHeaders(1)['idempotency-key']).toBe(sentHeaders(0)['idempotency-key']);
    // A caller repeating a user action passes the first attempt's key.
    await api('/api/a', { method: 'POST', idempotencyKey: 'action-key-1' });
    expect(sentHeaders(2)['idempotency-key']).toBe('action-key-1');
  });

  it('sends no Idempotency-Key with a GET and reads it only once when the server is unreachable', async () => {
    fetchMock.mockRejectedValue(new TypeError('network'));
    await expect(api('/api/config')).rejects.toMatchObject({ code: 'ErrorLoadingData' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentHeaders()['idempotency-key']).toBeUndefined();
  });

  it('does not send the CSRF token with a GET', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await api('/api/config');
    expect(sentHeaders()['x-csrf-token']).toBeUndefined();
  });

  it('validates the answer with the shared schema', async () => {
    fetchMock.mockResolvedValue(json(200, { position: 'nope' }));
    await expect(api('/x', { schema: z.object({ position: z.number() }) })).rejects.toMatchObject({
      code: 'ErrorLoadingData',
    });
  });

  it('turns an error body into its catalogue code', async () => {
    fetchMock.mockResolvedValue(json(422, errorBody('WeakPassword', { problems: ['tooShort'] })));
    const error = await api('/api/session/change-password', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'WeakPassword', details: { problems: ['tooShort'] } });
  });

  it('reports an unreachable server as a loading error for reads', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/api/config')).rejects.toMatchObject({ status: 0, code: 'ErrorLoadingData' });
  });

  it('reports a non-JSON failure (a proxy page) with a generic code', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api('/api/config')).rejects.toMatchObject({ code: 'ErrorLoadingData' });
    await expect(api('/api/x', { method: 'POST' })).rejects.toMatchObject({ code: 'InternalServerError' });
  });

  it('tells the idle tracker about every answered call', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api('/api/session/keepalive', { method: 'POST' });
    expect(hooks.onServerContact).toHaveBeenCalledOnce();
  });
});

describe('session rules', () => {
  it('clears the session and goes to login on 401 SessionExpired', async () => {
    fetchMock.mockResolvedValue(json(401, errorBody('SessionExpired')));
    await expect(api('/api/session/permissions')).rejects.toMatchObject({ code: 'SessionExpired', handled: true });
    expect(useSessionStore.getState().user).toBeNull();
    expect(hooks.onSessionEnded).toHaveBeenCalledWith('expired');
  });

  it('leaves a failed login alone: 401 WrongInfo is the answer, not an expired session', async () => {
    fetchMock.mockResolvedValue(json(401, errorBody('WrongInfo', { loginStatus: 3 })));
    await expect(api('/api/session/login', { method: 'POST', body: {}, sessionRules: false })).rejects.toMatchObject({
      code: 'WrongInfo',
      handled: false,
    });
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
  });

  it('logs out on the server, clears the session and goes to login on any 403', async () => {
    fetchMock
      .mockResolvedValueOnce(json(403, errorBody('Forbidden')))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api('/api/statistics')).rejects.toMatchObject({ code: 'Forbidden', handled: true });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/session/logout');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(sentHeaders(1)['x-csrf-token']).toBe('token-1');
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().csrfToken).toBeNull();
    expect(hooks.onSessionEnded).toHaveBeenCalledWith('forbidden');
  });

  it('opens the forced password change on 428 PasswordChangeRequired', async () => {
    fetchMock.mockResolvedValue(json(428, errorBody('PasswordChangeRequired')));
    await expect(api('/api/anything')).rejects.toMatchObject({ code: 'PasswordChangeRequired', handled: true });
    expect(hooks.onPasswordChangeRequired).toHaveBeenCalledOnce();
    expect(useSessionStore.getState().user).not.toBeNull();
  });
});

describe('reads answered before the read models caught up (x-read-behind)', () => {
  const behind = (body: unknown) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-read-behind': '1' },
    });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads again until the answer is current, and gives the current one', async () => {
    fetchMock
      .mockResolvedValueOnce(behind({ active: true }))
      .mockResolvedValueOnce(behind({ active: true }))
      .mockResolvedValueOnce(json(200, { active: false }));
    const answer = api<{ active: boolean }>('/api/lookups/city?after=5/5');
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ active: false });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shows what it has after the last try, and never sends a write again for it', async () => {
    fetchMock.mockImplementation(async () => behind({ active: true }));
    const answer = api<{ active: boolean }>('/api/lookups/city?after=5/5');
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ active: true });
    expect(fetchMock).toHaveBeenCalledTimes(1 + READ_BEHIND_DELAYS_MS.length);
    fetchMock.mockClear();
    await api('/api/a', { method: 'POST' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the read is given up (its signal aborted)', async () => {
    fetchMock.mockImplementation(async () => behind({ active: true }));
    const controller = new AbortController();
    const answer = api('/api/lookups/city?after=5/5', { signal: controller.signal });
    const settled = expect(answer).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(50);
    controller.abort();
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
