import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EmployeeDirectoryUnavailableError,
  FileEmployeeDirectory,
  HttpEmployeeDirectory,
} from './employee-directory.ts';

describe('FileEmployeeDirectory (an HR export)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hr-'));
  const path = join(dir, 'employees.json');

  it('finds the national id by client and code (case-insensitive code), and nothing for another client', async () => {
    writeFileSync(
      path,
      JSON.stringify([
        { client: 'SRCA', employeeCode: 'E1001', nationalId: '1012340001' },
        { client: 'NEOM', employeeCode: 'N7', nationalId: 2012340007 },
      ]),
    );
    const d = new FileEmployeeDirectory(path);
    expect(await d.nationalIdOf('SRCA', 'e1001')).toBe('1012340001');
    expect(await d.nationalIdOf('NEOM', 'N7')).toBe('2012340007');
    expect(await d.nationalIdOf('NEOM', 'E1001')).toBeNull();
  });

  it('knows no employee without an export, and reports a broken export as unavailable', async () => {
    expect(await new FileEmployeeDirectory(join(dir, 'missing.json')).nationalIdOf('SRCA', 'E1')).toBeNull();
    writeFileSync(path, '{not json');
    await expect(new FileEmployeeDirectory(path).nationalIdOf('SRCA', 'E1')).rejects.toBeInstanceOf(
      EmployeeDirectoryUnavailableError,
    );
  });
});

describe('HttpEmployeeDirectory (the spec call)', () => {
  it('gives up after its time-out with EmployeeDirectoryUnavailableError', async () => {
    const server = createServer(() => {}); // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const d = new HttpEmployeeDirectory(`http://127.0.0.1:${port}`, { timeoutMs: 200 });
      await expect(d.nationalIdOf('SRCA', 'E1')).rejects.toBeInstanceOf(EmployeeDirectoryUnavailableError);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('treats Status without N_id as a broken answer, and 404 as an unknown code', async () => {
    let answer: [number, string] = [200, JSON.stringify({ Status: true })];
    const server = createServer((_, res) => res.writeHead(answer[0]).end(answer[1]));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const d = new HttpEmployeeDirectory(`http://127.0.0.1:${port}`);
      await expect(d.nationalIdOf('SRCA', 'E1')).rejects.toBeInstanceOf(EmployeeDirectoryUnavailableError);
      answer = [404, ''];
      expect(await d.nationalIdOf('SRCA', 'E1')).toBeNull();
      answer = [200, JSON.stringify({ Status: 1, N_id: 1012340001 })];
      expect(await d.nationalIdOf('SRCA', 'E1')).toBe('1012340001');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
