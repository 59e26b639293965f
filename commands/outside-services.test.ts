import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpService, ok, readJsonExport } from './outside-services.ts';

class Down extends Error {}
const fail = (m: string) => new Down(m);

describe('an outside register’s export file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'export-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the JSON, is undefined without the file, and unavailable for text that is not JSON', async () => {
    const path = join(dir, 'rows.json');
    expect(await readJsonExport(path, 'HR export', fail)).toBeUndefined();
    await writeFile(path, '[{"a":1}]');
    expect(await readJsonExport(path, 'HR export', fail)).toEqual([{ a: 1 }]);
    await writeFile(path, 'not json');
    await expect(readJsonExport(path, 'HR export', fail)).rejects.toThrow(new Down(`HR export ${path} is not JSON`));
    await expect(readJsonExport(dir, 'HR export', fail)).rejects.toThrow(/^HR export unreadable: /);
  });
});

describe('an outside service over HTTP', () => {
  const server = createServer((req, res) => {
    if (req.url === '/stall') return;
    res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
    res.end(req.url === '/text' ? 'maintenance' : '{"answer":42}');
  });
  let base: string;
  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('answers the status and the body, below the base address without its trailing slash', async () => {
    const s = new HttpService(base, 'test service', Down);
    const answer = await s.call('/json', {});
    expect(answer).toEqual({ status: 200, text: '{"answer":42}' });
    expect(s.json(answer)).toEqual({ answer: 42 });
    expect((await s.call('/missing', {})).status).toBe(404);
    expect(() => s.json({ status: 200, text: 'maintenance' })).toThrow(
      new Down('test service answered something that is not JSON'),
    );
    expect(s.failure('answered 503')).toEqual(new Down('test service answered 503'));
  });

  it('is unavailable, named after the service, when it does not answer in time', async () => {
    const s = new HttpService(base, 'test service', Down, 100);
    await expect(s.call('/stall', {})).rejects.toSatisfy(
      (e) => e instanceof Down && e.message.startsWith('test service unreachable: '),
    );
  });

  it('counts 2xx as success', () => {
    expect([199, 200, 204, 299, 300, 404].map(ok)).toEqual([false, true, true, true, false, false]);
  });
});
