// Checks every installed package's engines.node against the Node the scripts run (the pinned node@24).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';

const root = resolve(import.meta.dirname, '..', 'node_modules');
const node = process.version;
const bad: string[] = [];
let checked = 0;

function visit(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin') continue;
    const p = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      visit(p);
      continue;
    }
    let pkg: { name?: string; version?: string; engines?: { node?: string } };
    try {
      pkg = JSON.parse(readFileSync(join(p, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    checked++;
    const range = pkg.engines?.node;
    if (range && semver.validRange(range) && !semver.satisfies(node, range, { includePrerelease: true })) {
      bad.push(`${pkg.name}@${pkg.version} wants node ${range}`);
    }
    try {
      visit(join(p, 'node_modules'));
    } catch {}
  }
}

visit(root);
if (bad.length) {
  console.error(`Node ${node} does not satisfy:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: ${checked} packages accept node ${node}`);
