import { join, resolve } from 'node:path';
import type { RuntimeConfig } from './runtime.ts';

/**
 * Runtime settings from the environment (DATABASE_URL, REDIS_URL, EVENTSTORE_URL, CLIENT_CODE, PORTAL_DATA_DIR,
 * SMTP_URL, PUBLIC_URL, EMPLOYEE_DIRECTORY_URL, COURSE_URL, CERTIFICATE_SIGNING_KEY).
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
    dataDir: resolve(process.env.PORTAL_DATA_DIR ?? join(import.meta.dirname, '..', '.data')),
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
