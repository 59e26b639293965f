import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import type { HoursBody } from '../api.ts';

export interface HoursValues {
  hours: string;
  casesHandled: string;
  checkIn: string;
  checkOut: string;
  rating: string;
  review: string;
}
export const EMPTY_HOURS: HoursValues = {
  hours: '',
  casesHandled: '',
  checkIn: '',
  checkOut: '',
  rating: '',
  review: '',
};

/**
 * The domain's hours rules, client side: hours and cases handled more than 0 and a rating 1–5 (InvalidHours); both
 * times given; check-out after check-in (InvalidDate). The event's remaining duration is the server's to check.
 */
export function hoursIssue(v: HoursValues): ErrorCode | null {
  const hours = Number(v.hours);
  const cases = Number(v.casesHandled);
  const rating = Number(v.rating);
  if (
    v.hours.trim() === '' ||
    !(hours > 0) ||
    v.casesHandled.trim() === '' ||
    !Number.isInteger(cases) ||
    cases <= 0 ||
    !(rating >= 1 && rating <= 5)
  )
    return 'InvalidHours';
  if (v.checkIn === '' || v.checkOut === '') return 'AllFieldsRequired';
  if (new Date(v.checkOut).getTime() <= new Date(v.checkIn).getTime()) return 'InvalidDate';
  return null;
}

export function hoursBody(v: HoursValues): HoursBody {
  return {
    hours: Number(v.hours),
    casesHandled: Number(v.casesHandled),
    checkIn: new Date(v.checkIn).toISOString(),
    checkOut: new Date(v.checkOut).toISOString(),
    rating: Number(v.rating) as HoursBody['rating'],
    review: v.review.trim(),
  };
}
