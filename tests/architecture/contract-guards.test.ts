import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../api/contracts/endpoint.ts';
import { SCREENS } from '../../domain/permissions/screens.ts';

// The web shows a button only when useCan(contract) says yes, and the server refuses what the contract's `permission`
// does not allow: both read the contract. So every staff endpoint the web calls must declare its guard there. "Staff"
// is what the authorisation matrix (tests/security/authorization-matrix.json, the live answers, reviewed) says: a
// volunteer is refused and some staff role is let through. A new staff endpoint guarded only inside its route fails here.

const ROOT = join(import.meta.dirname, '..', '..');
const CONTRACTS = join(ROOT, 'api', 'contracts');
const WEB = join(ROOT, 'web', 'src');

type Outcome = 'allowed' | 'signIn' | 'forbidden' | 'hidden';
const matrix = JSON.parse(readFileSync(join(ROOT, 'tests', 'security', 'authorization-matrix.json'), 'utf8')) as Record<
  string,
  Record<string, Outcome>
>;

const isEndpoint = (x: unknown): x is Endpoint =>
  typeof x === 'object' && x !== null && 'method' in x && 'path' in x && 'response' in x;

/** Every contract module's endpoints, by module file name and export name. */
async function contracts(): Promise<Map<string, Map<string, Endpoint>>> {
  const out = new Map<string, Map<string, Endpoint>>();
  for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(join(CONTRACTS, file))) as Record<string, unknown>;
    out.set(file, new Map(Object.entries(mod).filter((e): e is [string, Endpoint] => isEndpoint(e[1]))));
  }
  return out;
}

function webSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const NAMESPACE = /import\s+\*\s+as\s+(\w+)\s+from\s+['"][./]*\/api\/contracts\/(\w+\.ts)['"]/g;
const NAMED = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"][./]*\/api\/contracts\/(\w+\.ts)['"]/g;

/** "file.ts#name" of every contract export a web source names (namespace member or named import). */
function usedByWeb(text: string): Set<string> {
  const used = new Set<string>();
  for (const [, alias, file] of text.matchAll(NAMESPACE)) {
    for (const [, name] of text.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))) used.add(`${file}#${name}`);
  }
  for (const [, names, file] of text.matchAll(NAMED)) {
    for (const part of names!.split(',')) {
      const name = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name) used.add(`${file}#${name}`);
    }
  }
  return used;
}

/**
 * Endpoints whose guard depends on the record asked for, so no single screen action can stand for it in the contract:
 * a record's history is open to `auditlog` View or to the View of the record kind's own screen (domain/record-kinds.ts;
 * api/audit/routes.ts checks it, and the web shows the tab only on that screen).
 */
const GUARDED_BY_RECORD = new Set(['audit.ts#recordHistory']);

const operationOf = (e: Endpoint) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`;
const STAFF_ROLES = ['2', '3', '4', '5', '6'];
function isStaffOnly(e: Endpoint): boolean {
  const row = matrix[operationOf(e)];
  if (!row) return false;
  return row['1'] === 'forbidden' && STAFF_ROLES.some((r) => row[r] === 'allowed' || row[r] === 'hidden');
}

describe('guards on the contracts the web calls', () => {
  it('finds the contracts a web file names, through a namespace or by name', () => {
    const text = `import * as C from '../../../../api/contracts/hours.ts';\nimport { a, type B, c as d } from '../../api/contracts/x.ts';\ncall(C.decideManyHours)`;
    expect([...usedByWeb(text)].sort()).toEqual(['hours.ts#decideManyHours', 'x.ts#B', 'x.ts#a', 'x.ts#c']);
  });

  it('has every staff endpoint the web calls declare its permission, a screen action the screen offers', async () => {
    const all = await contracts();
    const used = new Set(webSources(WEB).flatMap((f) => [...usedByWeb(readFileSync(f, 'utf8'))]));
    const staff: string[] = [];
    const unguarded: string[] = [];
    for (const key of used) {
      const [file, name] = key.split('#') as [string, string];
      const e = all.get(basename(file))?.get(name);
      if (!e || !isStaffOnly(e)) continue;
      staff.push(key);
      if (!e.permission && !GUARDED_BY_RECORD.has(key)) unguarded.push(`${key} (${operationOf(e)})`);
    }
    expect(unguarded).toEqual([]);
    // The web calls the staff screens (not a vacuous pass when the scan or the matrix changes shape).
    expect(staff.length).toBeGreaterThan(30);
    for (const endpoints of all.values()) {
      for (const e of endpoints.values()) {
        if (!e.permission) continue;
        const offered: readonly string[] = SCREENS[e.permission.screen];
        expect(offered, operationOf(e)).toContain(e.permission.action);
      }
    }
  });
});
