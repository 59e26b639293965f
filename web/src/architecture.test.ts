import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Dependencies point one way: features build on app/, components/ and lib/, and use another feature only through
// its index.ts; components/ and lib/ know no feature. A plain scan of the import specifiers is enough for that.

const SRC = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(SRC, 'features');
const MAX_FEATURE_FILE_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The files a source file imports (relative specifiers only, resolved to absolute paths). */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)]
    .map((m) => m[1]!)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec));
}

const posix = (p: string) => p.split(sep).join('/');
const featureOf = (path: string): string | null => {
  const rel = posix(relative(FEATURES, path));
  return rel.startsWith('..') ? null : rel.split('/')[0]!;
};

/** "from-feature/file -> to-feature/file" for every import of another feature's internals. */
function crossFeatureViolations(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    const own = featureOf(path);
    return importsOf(path, text)
      .filter((target) => {
        const other = featureOf(target);
        return other !== null && other !== own && posix(relative(join(FEATURES, other), target)) !== 'index.ts';
      })
      .map((target) => `${posix(relative(FEATURES, path))} -> ${posix(relative(FEATURES, target))}`);
  });
}

/** Files of components/ or lib/ that import anything under features/. */
function sharedImportingFeatures(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    importsOf(path, text)
      .filter((target) => featureOf(target) !== null)
      .map((target) => `${posix(relative(SRC, path))} -> ${posix(relative(SRC, target))}`),
  );
}

const read = (dir: string) => sourceFiles(dir).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('architecture of web/src', () => {
  const features = read(FEATURES);

  it('has features import another feature only through its index.ts', () => {
    const violations = crossFeatureViolations(features);
    expect(violations).toEqual([]);
  });

  it('keeps components/ and lib/ free of imports from features/', () => {
    expect(sharedImportingFeatures([...read(join(SRC, 'components')), ...read(join(SRC, 'lib'))])).toEqual([]);
  });

  it('keeps every source file of a feature (tests aside) at 400 lines or fewer', () => {
    const long = features
      .filter(({ path }) => !/\.test\.tsx?$/.test(path))
      .filter(({ text }) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0) > MAX_FEATURE_FILE_LINES)
      .map(({ path }) => posix(relative(FEATURES, path)));
    expect(long).toEqual([]);
  });

  it('catches the imports it exists for (the scan itself)', () => {
    const file = (p: string, text: string) => ({ path: join(SRC, p), text });
    expect(
      crossFeatureViolations([
        file('features/audit/A.tsx', "import { X } from '../review/ChangesTable.tsx';"),
        file('features/audit/B.tsx', "import type { Y } from '../review/index.ts';"),
        file('features/audit/C.tsx', "const P = lazy(() => import('../review/Page.tsx'));"),
        file('features/audit/D.tsx', "export { Z } from '../opportunities/manage/RosterGrid.tsx';"),
        file('features/audit/E.tsx', "import { W } from './search.ts';\nimport { api } from '../../app/api.ts';"),
      ]),
    ).toEqual([
      'audit/A.tsx -> review/ChangesTable.tsx',
      'audit/C.tsx -> review/Page.tsx',
      'audit/D.tsx -> opportunities/manage/RosterGrid.tsx',
    ]);
    expect(
      sharedImportingFeatures([
        file('components/G.tsx', "import { H } from '../features/review/index.ts';"),
        file('lib/K.ts', "import { api } from '../app/api.ts';"),
      ]),
    ).toEqual(['components/G.tsx -> features/review/index.ts']);
  });
});
