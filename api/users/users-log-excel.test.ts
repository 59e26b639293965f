import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { LoginLogRow } from '../../projections/account/queries.ts';
import { readSheet, USERS_LOG_HEADERS_AR } from '../../tests/support/xlsx.ts';
import { usersLogWorkbook } from './users-log-excel.ts';

function row(n: number): LoginLogRow {
  return {
    at: new Date(Date.UTC(2026, 10, 1, 8, 0, n % 60)).toISOString(),
    userId: null,
    userName: `user${n}`,
    nameAr: 'خالد الحربي',
    nameEn: 'Khalid Alharbi',
    loginStatus: n % 2 ? 1 : 5,
    ip: '10.0.0.1',
    userAgent: `Agent/${n}`.padEnd(400, 'x'),
  };
}

describe('the users log workbook', () => {
  it('writes every row under Arabic headers, right to left, with the login results named', async () => {
    async function* rows() {
      for (let n = 1; n <= 3000; n++) yield row(n);
    }
    const sheet = await readSheet(await buffer(usersLogWorkbook(rows())));
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.headers).toEqual(USERS_LOG_HEADERS_AR);
    expect(sheet.rows).toHaveLength(3000);
    expect(sheet.rows[0]!.slice(1, 5)).toEqual(['خالد الحربي', 'user1', 'دخول ناجح', '10.0.0.1']);
    expect(sheet.rows[1]![3]).toBe('الحساب مقفل');
  });

  it('reads no further than the download takes: an unread file holds the rows back', async () => {
    let read = 0;
    async function* rows() {
      for (let n = 1; n <= 20_000; n++) {
        read++;
        // Incompressible: the file grows with the rows, as a real log's does.
        yield { ...row(n), userAgent: randomBytes(200).toString('hex') };
      }
    }
    const stream = usersLogWorkbook(rows());
    await sleep(500);
    expect(read).toBeLessThan(10_000);
    stream.destroy();
  });
});
