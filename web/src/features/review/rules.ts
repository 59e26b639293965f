import type { ErrorCode } from '../../../../domain/shared/errors.ts';

export interface AppointmentInput {
  /** "YYYY-MM-DD" from the date input, local time. */
  date: string;
  /** "HH:MM" from the time input, local time. */
  time: string;
  location: string;
  reviewerId: string;
}

export type AppointmentField = keyof AppointmentInput;

/**
 * The server's checks of an initial accept, before anything is sent (spec 5: date, time, location and reviewer are
 * required; the appointment is not in the past). Answers the ISO instant to send, or the code and the field to show.
 */
export function checkAppointment(
  input: AppointmentInput,
  now: Date,
): { ok: true; appointmentAt: string } | { ok: false; code: ErrorCode; field: AppointmentField } {
  const fields: AppointmentField[] = ['date', 'time', 'location', 'reviewerId'];
  const missing = fields.find((f) => input[f].trim() === '');
  if (missing) return { ok: false, code: 'InitialAcceptIncomplete', field: missing };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date)) return { ok: false, code: 'InvalidDate', field: 'date' };
  if (!/^\d{2}:\d{2}(:\d{2})?$/.test(input.time)) return { ok: false, code: 'InvalidDate', field: 'time' };
  const at = new Date(`${input.date}T${input.time}`);
  if (Number.isNaN(at.getTime())) return { ok: false, code: 'InvalidDate', field: 'date' };
  if (at.getTime() < now.getTime()) {
    const today = localDay(now);
    return { ok: false, code: 'AppointmentInPast', field: input.date === today ? 'time' : 'date' };
  }
  return { ok: true, appointmentAt: at.toISOString() };
}

/** The local calendar day of an instant, "YYYY-MM-DD" (the date input's min). */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
