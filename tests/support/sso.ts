import { ssoSettingsFor } from '../../workers/config.ts';
import { startLocalNicServer } from '../../workers/identity/local-nic-server.ts';
import { startLocalOidcProvider } from '../../workers/identity/local-oidc-provider.ts';

/** A local identity service and a real OpenID Connect provider on random ports, with the portal's settings for them. */
export async function startIdentityServers(portalUrl: string) {
  const nic = await startLocalNicServer();
  const client = { clientId: 'portal', clientSecret: 'portal-test-secret' };
  const urls = ssoSettingsFor('http://unused', client, portalUrl);
  const provider = await startLocalOidcProvider({
    ...client,
    redirectUri: urls.redirectUri,
    postLogoutRedirectUri: urls.postLogoutRedirectUri,
  });
  return {
    nicUrl: nic.url,
    sso: ssoSettingsFor(provider.issuer, client, portalUrl),
    provider,
    async close() {
      await provider.close();
      await nic.close();
    },
  };
}

/**
 * A browser at the provider: follows the authorization request to the sign-in page, signs in as the citizen, and
 * answers where the provider sends the browser back (the portal's callback with code and state).
 */
export async function signOnAtProvider(authorizationUrl: string, nationalId: string, password: string): Promise<URL> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  let res = await go(authorizationUrl);
  let url = new URL(res.headers.get('location')!, authorizationUrl);
  res = await go(url.href);
  const form = /action="([^"]+)"/.exec(await res.text())?.[1];
  if (!form) throw new Error(`no sign-in form at ${url.href}`);
  res = await go(new URL(form, url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nationalId, password }).toString(),
  });
  // The provider resumes the authorization, then redirects to the portal.
  for (let hops = 0; hops < 5; hops++) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect`);
    url = new URL(location, url);
    if (url.pathname.endsWith('/api/sso/callback')) return url;
    res = await go(url.href);
  }
  throw new Error('too many redirects at the provider');
}
