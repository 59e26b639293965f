import { describe, expect, it } from 'vitest';
import {
  calendarNumber,
  eventsByDay,
  fullDate,
  monthGrid,
  monthRange,
  monthTitle,
  shiftMonth,
  visibleEvents,
  weekdayNames,
} from './calendar.ts';
import { validateCalendarSearch, validateFixedStatusSearch } from './search.ts';

const ev = (id: string, startDate: string, endDate: string) => ({ id, startDate, endDate });
const days = (weeks: ReturnType<typeof monthGrid>) => weeks.map((w) => w.map((d) => d?.day ?? null));

describe('the month grid', () => {
  it('lays out every day of the month in weeks that start on Saturday', () => {
    // 1 December 2026 is a Tuesday: Saturday, Sunday and Monday of that week are blank.
    const grid = monthGrid('2026-12');
    expect(days(grid)).toEqual([
      [null, null, null, 1, 2, 3, 4],
      [5, 6, 7, 8, 9, 10, 11],
      [12, 13, 14, 15, 16, 17, 18],
      [19, 20, 21, 22, 23, 24, 25],
      [26, 27, 28, 29, 30, 31, null],
    ]);
    for (const week of grid) {
      const first = week.find((d) => d)!;
      const column = week.indexOf(first);
      // Column 0 is Saturday (6), column 6 Friday (5).
      expect(first.weekday).toBe((6 + column) % 7);
    }
    expect(grid[1]![0]).toEqual({ iso: '2026-12-05', day: 5, weekday: 6 });
    expect(grid[4]![5]).toEqual({ iso: '2026-12-31', day: 31, weekday: 4 });
  });

  it('needs no blank cell when the month starts on a Saturday and fills whole weeks', () => {
    // February 2025: 28 days from Saturday the 1st.
    expect(days(monthGrid('2025-02'))).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
    ]);
  });

  it('knows month lengths, leap years and the months around a year end', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthRange('2026-04').to).toBe('2026-04-30');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });
});

describe('events on days', () => {
  it('puts an event on every day from its start to its end, cut to the month', () => {
    const byDay = eventsByDay(
      [
        ev('late', '2026-12-30', '2027-01-03'),
        ev('across', '2026-11-29', '2026-12-02'),
        ev('one', '2026-12-02', '2026-12-02'),
        ev('before', '2026-11-01', '2026-11-30'),
      ],
      '2026-12',
    );
    expect([...byDay.keys()].sort()).toEqual(['2026-12-01', '2026-12-02', '2026-12-30', '2026-12-31']);
    expect(byDay.get('2026-12-01')!.map((e) => e.id)).toEqual(['across']);
    // Earlier start first.
    expect(byDay.get('2026-12-02')!.map((e) => e.id)).toEqual(['across', 'one']);
    expect(byDay.get('2026-12-31')!.map((e) => e.id)).toEqual(['late']);
  });

  it('shows three events a day and counts the rest, or all of them once expanded', () => {
    const list = ['a', 'b', 'c', 'd', 'e'];
    expect(visibleEvents(list, false)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(visibleEvents(list, true)).toEqual({ shown: list, more: 0 });
    expect(visibleEvents(['a', 'b', 'c'], false)).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
  });
});

describe('the calendar culture', () => {
  it('writes months, weekdays and days in Arabic-Egypt with Arabic-Indic digits', () => {
    expect(monthTitle('2026-12', 'ar')).toBe('ديسمبر ٢٠٢٦');
    expect(weekdayNames('ar').map((d) => d.long)).toEqual([
      'السبت',
      'الأحد',
      'الاثنين',
      'الثلاثاء',
      'الأربعاء',
      'الخميس',
      'الجمعة',
    ]);
    expect(calendarNumber(25, 'ar')).toBe('٢٥');
    expect(fullDate('2026-12-05', 'ar')).toBe('السبت، ٥ ديسمبر ٢٠٢٦');
  });

  it('writes them in British English otherwise', () => {
    expect(monthTitle('2026-12', 'en')).toBe('December 2026');
    expect(weekdayNames('en')[0]).toEqual({ long: 'Saturday', short: 'Sat' });
    expect(weekdayNames('en')[6]!.long).toBe('Friday');
    expect(calendarNumber(25, 'en')).toBe('25');
    expect(fullDate('2026-12-05', 'en')).toBe('Saturday, 5 December 2026');
  });
});

describe('the calendar and fixed-status addresses', () => {
  it('keeps a real month and drops anything else', () => {
    expect(validateCalendarSearch({ month: '2026-12' })).toEqual({ month: '2026-12' });
    for (const month of ['2026-13', '2026-00', '26-12', '2026-1', 202612, '2026-12-01', undefined])
      expect(validateCalendarSearch({ month })).toEqual({});
  });

  it('drops status and the map from the ongoing and closed lists, and keeps the other filters', () => {
    expect(validateFixedStatusSearch({ status: '0', view: 'map', page: '2', regionId: '1', code: 'EV-1' })).toEqual({
      page: 2,
      regionId: 1,
      code: 'EV-1',
    });
  });
});
