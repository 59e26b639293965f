import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet, USERS_LOG_HEADERS_AR } from '../../tests/support/xlsx.ts';
import type { Cell } from './columns.ts';
import { usersLogSource } from './sources.ts';
import { workbookStream } from './xlsx.ts';

const at = (n: number) => new Date(Date.UTC(2026, 10, 1, 8, 0, n % 60));
const row = (n: number): Cell[] => [
  at(n),
  'خالد الحربي',
  `user${n}`,
  n % 2 ? 'دخول ناجح' : 'الحساب مقفل',
  '10.0.0.1',
  `Agent/${n}`,
];

async function* rows(count: number, make: (n: number) => Cell[] = row) {
  for (let n = 1; n <= count; n++) yield make(n);
}

describe('the export workbook', () => {
  it('writes every row under Arabic headers, right to left, dates as dates, with formatting', async () => {
    const bytes = await buffer(
      workbookStream(usersLogSource.columns, rows(3000), { sheetName: 'سجل المستخدمين', lang: 'ar', formatted: true }),
    );
    const sheet = await readSheet(bytes);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.headers).toEqual(USERS_LOG_HEADERS_AR);
    expect(sheet.rows).toHaveLength(3000);
    expect(sheet.rows[0]).toEqual([at(1), 'خالد الحربي', 'user1', 'دخول ناجح', '10.0.0.1', 'Agent/1']);
    expect(sheet.rows[1]![3]).toBe('الحساب مقفل');
    // Formatting: the header is bold and shaded, the time column has its width and date format.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.name).toBe('سجل المستخدمين');
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getColumn(1).width).toBe(22);
    expect(ws.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
  });

  it('writes plain values without formatting, and an English file left to right with English headers', async () => {
    const bytes = await buffer(
      workbookStream(usersLogSource.columns, rows(2), { sheetName: 'Users log', lang: 'en', formatted: false }),
    );
    const sheet = await readSheet(bytes);
    expect(sheet.rightToLeft).toBe(false);
    expect(sheet.headers).toEqual(['Time', 'User', 'User name', 'Result', 'IP address', 'User agent']);
    expect(sheet.rows[0]![0]).toBe('2026-11-01 08:00');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(1).font?.bold).toBeFalsy();
  });

  it('reads no further than the reader takes: an unread file holds the rows back', async () => {
    let read = 0;
    async function* many() {
      for (let n = 1; n <= 20_000; n++) {
        read++;
        // Incompressible: the file grows with the rows, as a real log's does.
        const r = row(n);
        r[5] = randomBytes(200).toString('hex');
        yield r;
      }
    }
    const stream = workbookStream(usersLogSource.columns, many(), { sheetName: 'x', lang: 'ar', formatted: true });
    await sleep(500);
    expect(read).toBeLessThan(10_000);
    stream.destroy();
  });
});
