import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  isRecordKind,
  NOT_RECORDS,
  RECORD_KINDS,
  RECORD_TYPES,
  RecordKindList,
  recordActions,
  recordLink,
  recordTypeOf,
} from './record-kinds.ts';
import { UniqueKinds } from './registration/unique.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

/**
 * Every stream category the code builds: a stream-name function (`(id) => \`opportunity-${id}\``), a stream constant
 * (`PERMISSIONS_STREAM = 'permissions-roles'`, `TICKETS_STREAM_PREFIX = 'tickets-'`), and the unique values' prefixes.
 */
function streamCategories(): Set<string> {
  const found = new Set<string>(Object.values(UniqueKinds).map((k) => k.prefix));
  for (const file of [...sources(join(ROOT, 'domain')), ...sources(join(ROOT, 'commands'))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/=>\s*`([a-z]+)-\$\{/g)) found.add(m[1]!);
    for (const m of text.matchAll(/_STREAM(?:_PREFIX)?\s*=\s*'([a-z]+)-/g)) found.add(m[1]!);
  }
  return found;
}

describe('record kinds', () => {
  it('has a record kind for every stream category the code builds', () => {
    const categories = streamCategories();
    // The scan itself finds the streams it exists for.
    expect([...categories]).toEqual(
      expect.arrayContaining([
        'opportunity',
        'participation',
        'registration',
        'user',
        'lookup',
        'permissions',
        'email',
      ]),
    );
    const missing = [...categories].filter((c) => !isRecordKind(c) && !(NOT_RECORDS as readonly string[]).includes(c));
    expect(missing).toEqual([]);
  });

  it('lists each kind with its events, and every action once', () => {
    for (const kind of RecordKindList) expect(RECORD_KINDS[kind].events.types.length).toBeGreaterThan(0);
    const actions = recordActions();
    expect(new Set(actions).size).toBe(actions.length);
    expect(actions).toEqual(expect.arrayContaining(['JoinRequestHeld', 'OpportunityEdited', 'LookupItemRenamed']));
  });

  it('files sign-ins under their own record type, whatever stream holds them', () => {
    expect(recordTypeOf('user', 'LoginSucceeded')).toBe('signin');
    expect(recordTypeOf('user', 'LoginFailed')).toBe('signin');
    expect(recordTypeOf('loginlog', 'UnknownUserLoginFailed')).toBe('signin');
    expect(recordTypeOf('user', 'PasswordChanged')).toBe('user');
    expect(RECORD_TYPES).toContain('signin');
  });

  it('links a row to the record: its screen, else its history', () => {
    expect(recordLink('registration', 'r1')).toEqual({ screen: 'registration', id: 'r1' });
    expect(recordLink('opportunity', 'e1')).toEqual({ screen: 'event', id: 'e1' });
    expect(recordLink('lookup', 'city')).toEqual({ screen: 'history', kind: 'lookup', id: 'city' });
    expect(recordLink('signin', 'u1')).toEqual({ screen: 'usersLog' });
  });
});
