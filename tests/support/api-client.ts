import { expect } from 'vitest';

/**
 * A signed-in API client for browser journeys' set-up, with its cookies and CSRF token as the web app sends them:
 * `call(method, path, body?)` answers `{ status, json }`.
 */
export async function apiClient(baseUrl: string, userName: string, password: string) {
  const cookies = new Map<string, string>();
  let csrf = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  csrf = (await call('GET', '/api/session')).json.csrfToken;
  const login = await call('POST', '/api/session/login', { userName, password, language: 1 });
  expect(login.status).toBe(200);
  csrf = login.json.csrfToken;
  return call;
}
