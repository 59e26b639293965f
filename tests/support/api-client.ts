import { expect } from 'vitest';

/**
 * A visitor's API client for browser journeys' set-up, keeping its cookies and sending the CSRF token as the web app
 * does: `call(method, path, body?)` answers `{ status, json }`.
 */
export async function visitorClient(baseUrl: string) {
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
    const json = text ? JSON.parse(text) : null;
    // A sign-in hands out a new token; every other answer keeps the one the session gave.
    if (json && typeof json.csrfToken === 'string') csrf = json.csrfToken;
    return { status: res.status, json };
  };
  await call('GET', '/api/session');
  return call;
}

/** The same client signed in as a user (the sign-in must succeed). */
export async function apiClient(baseUrl: string, userName: string, password: string) {
  const call = await visitorClient(baseUrl);
  const login = await call('POST', '/api/session/login', { userName, password, language: 1 });
  expect(login.status).toBe(200);
  return call;
}
