import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { NATIONAL_ID_CLAIM, SSO_SCOPE } from '../../commands/identity/single-sign-on.ts';
import { namesOf } from '../../domain/identity/nic.ts';
import { CITIZENS, type Citizen } from './citizens.ts';
import { type LocalServer, listenLocally, smallBody } from './local-nic-server.ts';

export interface LocalProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/**
 * The provider's own sign-in page: national id and password of a fixture citizen (Arabic first, as the portal).
 * The uid is the provider's (letters, digits, - and _: the route's pattern), so it needs no escaping.
 */
function signInPage(uid: string, failed: boolean): string {
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>النفاذ الوطني الموحد</title>
<style>body{font-family:'Noto Naskh Arabic',sans-serif;max-width:24rem;margin:3rem auto;color:#1a1a1a}
label{display:block;margin-block:.75rem .25rem}input{width:100%;padding:.5rem;font-size:1rem}
button{margin-block-start:1rem;padding:.5rem 1.5rem;font-size:1rem;background:#0b5c3b;color:#fff;border:0}
p[role=alert]{color:#a4000f}</style></head><body><main>
<h1>النفاذ الوطني الموحد <span lang="en" dir="ltr">(National single sign-on)</span></h1>
${failed ? '<p role="alert">رقم الهوية أو كلمة المرور غير صحيحة</p>' : ''}
<form method="post" action="/interaction/${uid}/login">
<label for="nationalId">رقم الهوية الوطنية</label><input id="nationalId" name="nationalId" inputmode="numeric" autocomplete="username" required>
<label for="password">كلمة المرور</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">تسجيل الدخول</button></form></main></body></html>`;
}

/**
 * A real OpenID Connect provider (oidc-provider) for the embedded default and the tests: authorization code with PKCE
 * (S256, required), one confidential client (the portal), the fixture citizens as accounts whose ID token carries
 * their national id, RP-initiated logout. Its sign-in page takes a citizen's national id and password.
 */
export async function startLocalOidcProvider(
  client: LocalProviderClient,
  opts: { port?: number; citizens?: readonly Citizen[] } = {},
): Promise<LocalServer & { issuer: string }> {
  const citizens = opts.citizens ?? CITIZENS;
  let provider: Provider | null = null;
  const interaction = /^\/interaction\/([A-Za-z0-9_-]+)(\/login)?$/;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const p = provider;
    if (!p) return void res.writeHead(503).end();
    const m = interaction.exec(req.url ?? '');
    if (!m) return p.callback()(req, res);
    try {
      const details = await p.interactionDetails(req, res);
      if (!m[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(signInPage(details.uid, false));
      }
      const form = new URLSearchParams(await smallBody(req));
      const who = citizens.find(
        (c) => c.record.nationalId === form.get('nationalId')?.trim() && c.password === form.get('password'),
      );
      if (!who) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(signInPage(details.uid, true));
      }
      // The portal is the provider's own client: consent is given with the sign-in.
      const grant = new p.Grant({ accountId: who.subject, clientId: client.clientId });
      grant.addOIDCScope(SSO_SCOPE);
      const grantId = await grant.save();
      await p.interactionFinished(
        req,
        res,
        { login: { accountId: who.subject }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('interaction expired');
    }
  });
  const local = await listenLocally(server, opts.port ?? 0);
  const issuer = local.url;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', NATIONAL_ID_CLAIM],
    claims: { openid: ['sub'], profile: ['name', 'locale'], [NATIONAL_ID_CLAIM]: [NATIONAL_ID_CLAIM] },
    // The portal reads the national id from the ID token.
    conformIdTokenClaims: false,
    findAccount: async (_ctx: unknown, sub: string) => {
      const who = citizens.find((c) => c.subject === sub);
      if (!who) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, name: namesOf(who.record).ar, [NATIONAL_ID_CLAIM]: who.record.nationalId }),
      };
    },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Seconds: a local provider keeps its state in memory; a sign-on is short.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'local', use: 'sig', alg: 'RS256' }] },
  });
  return { ...local, issuer };
}
