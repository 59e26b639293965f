import { join, resolve } from 'node:path';
import { mapTilesOf } from '../api/http/map-tiles.ts';
import type { SsoSettings } from '../commands/identity/single-sign-on.ts';
import type { PortalEnvironment, RuntimeConfig } from './runtime.ts';

/**
 * Runtime settings from the environment (DATABASE_URL, REDIS_URL, EVENTSTORE_URL, CLIENT_CODE, PORTAL_DATA_DIR,
 * SMTP_URL, PUBLIC_URL, EMPLOYEE_DIRECTORY_URL, COURSE_URL, MAP_TILE_URL, MAP_TILE_ATTRIBUTION, CERTIFICATE_SIGNING_KEY, PORTAL_ENV, CAPTCHA,
 * CAPTCHA_HMAC_KEY, RESET_LINK_KEY, NIC_URL, CFHS_URL, CFHS_API_KEY, SSO_*, ADMIN_SITE_URL).
 */
export function configFromEnv(databaseUrl = process.env.DATABASE_URL): RuntimeConfig {
  if (!databaseUrl) throw new Error('DATABASE_URL is not set (npm start runs an embedded PostgreSQL instead)');
  return {
    databaseUrl,
    redisUrl: process.env.REDIS_URL,
    eventstoreUrl: process.env.EVENTSTORE_URL,
    clientCode: process.env.CLIENT_CODE,
    smtpUrl: process.env.SMTP_URL,
    publicUrl: process.env.PUBLIC_URL,
    employeeDirectoryUrl: process.env.EMPLOYEE_DIRECTORY_URL,
    courseUrl: process.env.COURSE_URL,
    mapTiles: mapTilesOf(process.env.MAP_TILE_URL, process.env.MAP_TILE_ATTRIBUTION),
    certificateSigningKey: process.env.CERTIFICATE_SIGNING_KEY,
    linkSigningKey: process.env.LINK_SIGNING_KEY,
    environment: environmentOf(process.env.PORTAL_ENV),
    captcha: switchOf(process.env.CAPTCHA),
    captchaHmacKey: process.env.CAPTCHA_HMAC_KEY,
    resetLinkKey: process.env.RESET_LINK_KEY,
    nicUrl: process.env.NIC_URL,
    cfhsUrl: process.env.CFHS_URL,
    cfhsApiKey: process.env.CFHS_API_KEY,
    sso: ssoFromEnv(process.env),
    adminSiteUrl: process.env.ADMIN_SITE_URL,
    dataDir: resolve(process.env.PORTAL_DATA_DIR ?? join(import.meta.dirname, '..', '.data')),
  };
}

/** PORTAL_ENV: local (a developer's machine), test, or production (the default). */
export function environmentOf(value: string | undefined): PortalEnvironment {
  const v = value?.trim().toLowerCase();
  if (v === 'local' || v === 'test') return v;
  if (!v || v === 'production') return 'production';
  throw new Error(`PORTAL_ENV must be local, test or production (got ${value})`);
}

/** An on/off setting (1/on/true, 0/off/false); undefined when unset. */
function switchOf(value: string | undefined): boolean | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  if (['1', 'on', 'true'].includes(v)) return true;
  if (['0', 'off', 'false'].includes(v)) return false;
  throw new Error(`expected on or off, got ${value}`);
}

/**
 * The national single sign-on: SSO_ISSUER_URL, SSO_CLIENT_ID, SSO_CLIENT_SECRET, and SSO_REDIRECT_URI (default
 * <PUBLIC_URL>/api/sso/callback) and SSO_POST_LOGOUT_URI (default <PUBLIC_URL>/ar/sso/logout). Without an issuer,
 * none (npm start runs a local provider instead when SSO_ENABLED=1).
 */
export function ssoFromEnv(
  env: NodeJS.ProcessEnv,
  publicUrl = env.PUBLIC_URL ?? 'http://127.0.0.1:3000',
): SsoSettings | null {
  const issuer = env.SSO_ISSUER_URL;
  if (!issuer) return null;
  const { SSO_CLIENT_ID: clientId, SSO_CLIENT_SECRET: clientSecret } = env;
  if (!clientId || !clientSecret) throw new Error('SSO_ISSUER_URL needs SSO_CLIENT_ID and SSO_CLIENT_SECRET');
  return ssoSettingsFor(issuer, { clientId, clientSecret }, publicUrl, env);
}

/** The portal's addresses at the provider, from its public address unless set. */
export function ssoSettingsFor(
  issuer: string,
  client: { clientId: string; clientSecret: string },
  publicUrl: string,
  env: NodeJS.ProcessEnv = {},
): SsoSettings {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    issuer,
    ...client,
    redirectUri: env.SSO_REDIRECT_URI ?? `${base}/api/sso/callback`,
    postLogoutRedirectUri: env.SSO_POST_LOGOUT_URI ?? `${base}/ar/sso/logout`,
  };
}

export function onStop(stop: () => Promise<void>) {
  let stopping = false;
  const handler = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
