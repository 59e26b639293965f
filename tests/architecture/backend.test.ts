import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The back end's dependencies point one way (docs/architecture.md, "Layers"):
//   domain  ←  commands  ←  projections  ←  api  ←  workers (the composition root)
// domain/ is pure (no I/O, no framework); a layer imports only the layers left of it; and no two folders of the back
// end (a layer's second level: api/http, commands/db …) import each other, even through a chain. The entry points
// (`*/main.ts`) and workers/ compose the process and may import any layer. A plain scan of import specifiers.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LAYERS = ['domain', 'commands', 'projections', 'api', 'workers'] as const;
type Layer = (typeof LAYERS)[number];
const rank = (l: string) => LAYERS.indexOf(l as Layer);

/** Packages the pure domain may import: the schema library and nothing that does I/O. */
const DOMAIN_PACKAGES = new Set(['zod']);

const posix = (p: string) => p.split(sep).join('/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    // Tests and their kits (testing.ts) may use the test runner; the rules are about what ships.
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|(^|\/)testing\.ts$/.test(e.name) ? [path] : [];
  });
}

/** Static imports and re-exports at the start of a line, and dynamic imports (comments cannot match either). */
const IMPORT = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/gm;

interface Source {
  /** Path from the repository root, with `/`. */
  file: string;
  specifiers: string[];
}

function sources(): Source[] {
  return LAYERS.flatMap((layer) =>
    sourceFiles(join(ROOT, layer)).map((path) => ({
      file: posix(relative(ROOT, path)),
      specifiers: [...readFileSync(path, 'utf8').matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!),
    })),
  );
}

/** The imported file, from the repository root, or null for a package. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return posix(relative(ROOT, resolve(ROOT, dirname(file), specifier)));
}

/** A layer's second-level folder (`api/http`), or the layer itself for files at its top. */
function folderOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const isEntry = (file: string) => /^[a-z]+\/main\.ts$/.test(file);

/** "file -> import" for every import a domain file makes of I/O, a framework or another layer. */
function impureDomainImports(all: readonly Source[]): string[] {
  return all
    .filter((s) => s.file.startsWith('domain/'))
    .flatMap((s) =>
      s.specifiers
        .filter((spec) => {
          const t = target(s.file, spec);
          if (t === null) return !DOMAIN_PACKAGES.has(spec);
          return !t.startsWith('domain/');
        })
        .map((spec) => `${s.file} -> ${spec}`),
    );
}

/** "file -> imported file" for every import of a layer to the right of the importer's (entry points aside). */
function upwardImports(all: readonly Source[]): string[] {
  return all
    .filter((s) => !isEntry(s.file))
    .flatMap((s) =>
      s.specifiers
        .map((spec) => target(s.file, spec))
        .filter((t): t is string => t !== null && rank(t.split('/')[0]!) > rank(s.file.split('/')[0]!))
        .map((t) => `${s.file} -> ${t}`),
    );
}

/** The groups of folders that import each other (strongly connected components with more than one folder). */
function folderCycles(all: readonly Source[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const s of all) {
    if (isEntry(s.file)) continue;
    const from = folderOf(s.file);
    for (const spec of s.specifiers) {
      const t = target(s.file, spec);
      if (t === null || !LAYERS.some((l) => t.startsWith(`${l}/`))) continue;
      const to = folderOf(t);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('the back end points one way', () => {
  const all = sources();

  it('scans the layers (a scan that finds nothing proves nothing)', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((s) => s.file === 'domain/shared/errors.ts')).toBe(true);
  });

  it('keeps domain/ free of I/O, frameworks and other layers', () => {
    expect(impureDomainImports(all)).toEqual([]);
  });

  it('has no layer importing a layer to its right', () => {
    expect(upwardImports(all)).toEqual([]);
  });

  it('has no two folders importing each other, directly or through others', () => {
    expect(folderCycles(all)).toEqual([]);
  });

  it('finds each kind of violation when there is one', () => {
    const fake: Source[] = [
      { file: 'domain/a/x.ts', specifiers: ['pg', '../../commands/db/pool.ts', 'zod', '../b/y.ts'] },
      { file: 'commands/db/pool.ts', specifiers: ['../../api/http/app.ts'] },
      { file: 'api/http/app.ts', specifiers: ['../users/routes.ts'] },
      { file: 'api/users/routes.ts', specifiers: ['../http/app.ts'] },
      { file: 'api/main.ts', specifiers: ['../workers/runtime.ts'] },
    ];
    expect(impureDomainImports(fake)).toEqual(['domain/a/x.ts -> pg', 'domain/a/x.ts -> ../../commands/db/pool.ts']);
    expect(upwardImports(fake)).toEqual([
      'domain/a/x.ts -> commands/db/pool.ts',
      'commands/db/pool.ts -> api/http/app.ts',
    ]);
    expect(folderCycles(fake)).toEqual([['api/http', 'api/users']]);
  });
});
