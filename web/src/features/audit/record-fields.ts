// The names of every field a record's events carry, in both languages (the history tab and the audit log), spread
// into app/i18n/ar.ts and en.ts through features/audit/i18n.ts. `Record<…HistoryField…>` makes a new event's field
// without a name fail to compile (domain/record-kinds.ts derives the fields from the events' types).
import type { HistoryField } from '../../../../domain/record-kinds.ts';

export type FieldNames = Record<`field.${HistoryField}`, string>;

export { recordFieldsAr } from './record-fields.ar.ts';
export { recordFieldsEn } from './record-fields.en.ts';
