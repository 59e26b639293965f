import ExcelJS from 'exceljs';
import { QuestionType } from '../../domain/survey/rules.ts';
import type { SurveyDetailRow, surveyResponses } from '../../projections/surveys/queries.ts';

/**
 * The results as a workbook: one row per response, one column per question, Arabic headers, the sheet right to
 * left (exceljs `views: [{ rightToLeft: true }]`). Choices show the chosen answer's Arabic text.
 */
export async function resultsWorkbook(
  survey: SurveyDetailRow,
  responses: Awaited<ReturnType<typeof surveyResponses>>,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'volunteer-portal';
  const ws = wb.addWorksheet('النتائج', { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'المتطوع', key: 'name', width: 30 },
    { header: 'تاريخ المشاركة', key: 'at', width: 20 },
    ...survey.questions.map((q) => ({ header: q.textAr, key: `q${q.id}`, width: 40 })),
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of responses) {
    const row: Record<string, unknown> = { name: r.nameAr || r.nameEn, at: r.answeredAt };
    for (const q of survey.questions) {
      const a = r.answers.get(q.id);
      row[`q${q.id}`] =
        q.type === QuestionType.Choice ? (q.answers.find((o) => o.id === a?.answerId)?.textAr ?? '') : (a?.text ?? '');
    }
    ws.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
