import { type Kysely, sql } from 'kysely';
import { effectiveStatus, isPractitionerStatus, PractitionerStatus } from '../../domain/practitioner/licence.ts';

export interface PractitionersDB {
  'rm.practitioners': {
    volunteer_id: string;
    cfhs_number: string;
    status_id: number | null;
    classification_ar: string | null;
    classification_en: string | null;
    licence_expiry: string | null;
    checked_at: Date | null;
  };
}

/** A volunteer's licence as the grids and the detail show it: the status with expiry applied (read-time rule). */
export interface PractitionerInfo {
  cfhsNumber: string;
  statusId: PractitionerStatus;
  classificationAr: string | null;
  classificationEn: string | null;
  licenceExpiryDate: string | null;
  checkedAt: string | null;
}

/** The licences of these volunteers (those checked), by volunteer id; `today` is the day expiry is judged on. */
export async function practitionersOf(
  db: Kysely<PractitionersDB>,
  volunteerIds: readonly string[],
  today: string,
): Promise<Map<string, PractitionerInfo>> {
  if (volunteerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('rm.practitioners')
    .select([
      sql<string>`volunteer_id::text`.as('volunteer_id'),
      'cfhs_number',
      'status_id',
      'classification_ar',
      'classification_en',
      sql<string | null>`to_char(licence_expiry, 'YYYY-MM-DD')`.as('licence_expiry'),
      'checked_at',
    ])
    .where(sql<boolean>`volunteer_id = any(${[...volunteerIds]}::uuid[])`)
    .execute();
  return new Map(
    rows.map((r) => {
      const answered = isPractitionerStatus(r.status_id) ? r.status_id : PractitionerStatus.Unknown;
      return [
        r.volunteer_id,
        {
          cfhsNumber: r.cfhs_number,
          statusId: effectiveStatus(answered, r.licence_expiry, today),
          classificationAr: r.classification_ar,
          classificationEn: r.classification_en,
          licenceExpiryDate: r.licence_expiry,
          checkedAt: r.checked_at?.toISOString() ?? null,
        },
      ];
    }),
  );
}

/** A page of a volunteers grid with each row's licence (or null), expiry judged on `today`. */
export async function withLicences<R extends { volunteerId: string }>(
  db: Kysely<PractitionersDB>,
  page: { rows: R[]; total: number },
  today: string,
): Promise<{ rows: (R & { practitioner: PractitionerInfo | null })[]; total: number }> {
  const licences = await practitionersOf(
    db,
    page.rows.map((r) => r.volunteerId),
    today,
  );
  return { ...page, rows: page.rows.map((r) => ({ ...r, practitioner: licences.get(r.volunteerId) ?? null })) };
}
