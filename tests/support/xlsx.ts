import ExcelJS from 'exceljs';

/** The first sheet of an Excel file as the tests read it back: its direction, header row and data rows (cell values). */
export async function readSheet(
  bytes: Uint8Array,
): Promise<{ rightToLeft: boolean; headers: unknown[]; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push(values(n));
  return { rightToLeft: sheet.views[0]?.rightToLeft === true, headers: values(1), rows };
}

/** The users log export's Arabic headers, in order. */
export const USERS_LOG_HEADERS_AR = ['الوقت', 'المستخدم', 'اسم المستخدم', 'نتيجة الدخول', 'عنوان IP', 'المتصفح'];
