import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A deployment's HMAC key: from the environment when set (hex or base64, at least 32 bytes), else generated once and
 * kept in a file under the data folder (mode 600), so that every process sharing that folder signs alike.
 */
export function loadSecretKey(env: string | undefined, keyFile: string): Buffer {
  const given = env?.trim();
  if (given) {
    const key = /^[0-9a-f]+$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length < 32) throw new Error(`a key of at least 32 bytes is needed (got ${key.length})`);
    return key;
  }
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true });
    try {
      writeFileSync(keyFile, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      // Another process created it first: read theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'hex');
}
