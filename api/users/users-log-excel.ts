import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { LoginLogRow } from '../../projections/account/queries.ts';
import { LOGIN_STATUS_NAMES, type LoginStatus, USERS_LOG_COLUMNS } from '../contracts/users.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const statusName = (s: number) => LOGIN_STATUS_NAMES[s as LoginStatus]?.ar ?? String(s);

/**
 * The users log as an Excel workbook (ExporttoExcel): one right-to-left sheet with Arabic headers, the rows written
 * and committed one by one by exceljs's streaming WorkbookWriter as they are read, so memory stays flat whatever the
 * number of rows. A failure while reading ends the stream with that error.
 */
export function usersLogWorkbook(rows: AsyncIterable<LoginLogRow>): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(USERS_LOG_COLUMNS.user.ar, {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: USERS_LOG_COLUMNS.at.ar, key: 'at', width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    { header: USERS_LOG_COLUMNS.user.ar, key: 'user', width: 30 },
    { header: USERS_LOG_COLUMNS.userName.ar, key: 'userName', width: 22 },
    { header: USERS_LOG_COLUMNS.loginStatus.ar, key: 'loginStatus', width: 26 },
    { header: USERS_LOG_COLUMNS.ip.ar, key: 'ip', width: 18 },
    { header: USERS_LOG_COLUMNS.userAgent.ar, key: 'userAgent', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    let written = 0;
    for await (const r of rows) {
      sheet
        .addRow({
          at: new Date(r.at),
          user: r.nameAr || r.nameEn || '',
          userName: r.userName ?? '',
          loginStatus: statusName(r.loginStatus),
          ip: r.ip ?? '',
          userAgent: r.userAgent ?? '',
        })
        .commit();
      // Every few hundred rows the zip gets its turn to compress what was committed; a slow download then holds the
      // reading back instead of piling the file up in memory, and a closed one ends it.
      if (++written % 200 === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
        if (out.destroyed) return;
      }
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
