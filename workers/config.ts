import { join, resolve } from 'node:path';
import type { PortalEnvironment, RuntimeConfig } from './runtime.ts';

/**
 * Runtime settings from the environment (DATABASE_URL, REDIS_URL, EVENTSTORE_URL, CLIENT_CODE, PORTAL_DATA_DIR,
 * SMTP_URL, PUBLIC_URL, EMPLOYEE_DIRECTORY_URL, COURSE_URL, CERTIFICATE_SIGNING_KEY, PORTAL_ENV, CAPTCHA,
 * CAPTCHA_HMAC_KEY, RESET_LINK_KEY).
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
    certificateSigningKey: process.env.CERTIFICATE_SIGNING_KEY,
    linkSigningKey: process.env.LINK_SIGNING_KEY,
    environment: environmentOf(process.env.PORTAL_ENV),
    captcha: switchOf(process.env.CAPTCHA),
    captchaHmacKey: process.env.CAPTCHA_HMAC_KEY,
    resetLinkKey: process.env.RESET_LINK_KEY,
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
