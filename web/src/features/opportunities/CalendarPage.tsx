import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { ArrowBackIcon, ArrowForwardIcon } from '../../app/layout/icons.tsx';
import { AnchorLink, ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { type CalendarEvent, calendarQuery } from './api.ts';
import {
  addDays,
  calendarNumber,
  eventsByDay,
  fullDate,
  type GridDay,
  MAX_PER_DAY,
  monthGrid,
  monthOf,
  monthRange,
  monthTitle,
  shiftMonth,
  visibleEvents,
  WEEK_START,
  weekdayNames,
} from './calendar.ts';
import { EventsNav, EventsViewSwitch } from './EventsNav.tsx';
import { eventName, todayIso } from './format.ts';
import { validateCalendarSearch } from './search.ts';
import './calendar.css';
import { QueryState } from '../../components/QueryState.tsx';
import { useScreen } from '../../lib/useScreen.ts';

const route = getRouteApi('/$lang/events/calendar');

/** /$lang/events/calendar?month=YYYY-MM: the month's public events, each on every day it runs. */
/** A button to another month of the calendar ("previous", "next"), or to the current one (the address without a month). */
function MonthLink({
  which,
  month,
  ...sections
}: {
  which: 'previous' | 'current' | 'next';
  month?: string;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <ButtonLink
      to="/$lang/events/calendar"
      params={{ lang }}
      search={month ? { month } : {}}
      variant="default"
      data-testid={`calendar-${which}`}
      {...sections}
    >
      {t(`calendar.${which}`)}
    </ButtonLink>
  );
}

export function CalendarPage() {
  const { t, title, lang } = useScreen('page.eventsCalendar');
  const navigate = useNavigate();
  // Validated again: the router merges the validated search over the raw one, so a wrong month would come back.
  const month = validateCalendarSearch(route.useSearch()).month ?? monthOf(new Date());
  const { from, to } = monthRange(month);
  const query = useQuery({ ...calendarQuery(from, to), placeholderData: keepPreviousData });
  // A day the keyboard moved to in another month: focused once that month is shown.
  const [focusRequest, setFocusRequest] = useState<string | null>(null);
  const goToDay = (day: string) => {
    setFocusRequest(day);
    void navigate({ to: '/$lang/events/calendar', params: { lang }, search: { month: day.slice(0, 7) } });
  };
  const events = query.data && !query.isPlaceholderData ? query.data.rows : [];

  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <EventsNav />
      <Group justify="space-between">
        <EventsViewSwitch value="calendar" />
      </Group>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id="calendar-month" aria-live="polite" data-testid="calendar-month">
          {monthTitle(month, lang)}
        </Title>
        <Group gap="xs" wrap="wrap">
          <MonthLink which="previous" month={shiftMonth(month, -1)} leftSection={<ArrowBackIcon />} />
          <MonthLink which="current" />
          <MonthLink which="next" month={shiftMonth(month, 1)} rightSection={<ArrowForwardIcon />} />
        </Group>
      </Group>
      {!query.data ? (
        <QueryState query={query} />
      ) : (
        <Stack gap="sm" aria-busy={query.isFetching}>
          {!query.isPlaceholderData && events.length === 0 && (
            <Text c="dimmed" ta="center" data-testid="calendar-empty" role="status">
              {t('calendar.empty')}
            </Text>
          )}
          {!query.isPlaceholderData && query.data.truncated && (
            <Alert color="yellow" data-testid="calendar-truncated">
              {t('calendar.truncated', { n: calendarNumber(events.length, lang) })}
            </Alert>
          )}
          <MonthGrid
            key={month}
            month={month}
            events={events}
            lang={lang}
            focusRequest={focusRequest}
            onFocusDone={() => setFocusRequest(null)}
            onLeaveMonth={goToDay}
          />
        </Stack>
      )}
    </Stack>
  );
}

function MonthGrid({
  month,
  events,
  lang,
  focusRequest,
  onFocusDone,
  onLeaveMonth,
}: {
  month: string;
  events: readonly CalendarEvent[];
  lang: Lang;
  focusRequest: string | null;
  onFocusDone(): void;
  onLeaveMonth(day: string): void;
}) {
  const { t } = useTranslation();
  const weeks = useMemo(() => monthGrid(month), [month]);
  const byDay = useMemo(() => eventsByDay(events, month), [events, month]);
  const names = useMemo(() => weekdayNames(lang), [lang]);
  const today = todayIso();
  const inMonth = (day: string | null) => day !== null && day.slice(0, 7) === month;
  // Roving focus: one day is in the tab order (the requested day, today, or the 1st); arrows move it.
  const [active, setActive] = useState(() =>
    inMonth(focusRequest) ? focusRequest! : inMonth(today) ? today : monthRange(month).from,
  );
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const focusCell = (day: string) => document.getElementById(`calendar-day-${day}`)?.focus();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, when the month opened from the keyboard
  useEffect(() => {
    if (inMonth(focusRequest)) {
      focusCell(focusRequest!);
      onFocusDone();
    }
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    const cell = e.target as HTMLElement;
    const day = cell.dataset.day;
    // Only on a day cell itself: keys inside its links and buttons keep their meaning.
    if (!day || cell.tagName !== 'TD') return;
    const rtl = lang === 'ar';
    const column = (new Date(`${day}T00:00:00Z`).getUTCDay() - WEEK_START + 7) % 7;
    let next: string;
    switch (e.key) {
      case 'ArrowRight':
        next = addDays(day, rtl ? -1 : 1);
        break;
      case 'ArrowLeft':
        next = addDays(day, rtl ? 1 : -1);
        break;
      case 'ArrowDown':
        next = addDays(day, 7);
        break;
      case 'ArrowUp':
        next = addDays(day, -7);
        break;
      case 'Home':
        next = addDays(day, -column);
        break;
      case 'End':
        next = addDays(day, 6 - column);
        break;
      case 'PageUp':
      case 'PageDown': {
        const target = shiftMonth(month, e.key === 'PageUp' ? -1 : 1);
        const last = monthRange(target).to;
        const same = `${target}-${day.slice(8, 10)}`;
        next = same > last ? last : same;
        break;
      }
      default:
        return;
    }
    e.preventDefault();
    if (inMonth(next)) {
      setActive(next);
      focusCell(next);
    } else onLeaveMonth(next);
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <p id="calendar-keys" className="visually-hidden">
        {t('calendar.keys')}
      </p>
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table with the grid role is the ARIA date grid pattern (arrow keys move between days)
        role="grid"
        aria-labelledby="calendar-month"
        aria-describedby="calendar-keys"
        className="events-calendar"
        data-testid="calendar-grid"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {names.map((n) => (
              <th key={n.long} scope="col">
                {n.long}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((d) => d)?.iso}>
              {week.map((d, i) =>
                d ? (
                  <DayCell
                    key={d.iso}
                    day={d}
                    lang={lang}
                    events={byDay.get(d.iso) ?? []}
                    isToday={d.iso === today}
                    tabbable={d.iso === active}
                    expanded={expanded.has(d.iso)}
                    onFocus={() => setActive(d.iso)}
                    onToggle={() =>
                      setExpanded((s) => {
                        const n = new Set(s);
                        if (n.has(d.iso)) n.delete(d.iso);
                        else n.add(d.iso);
                        return n;
                      })
                    }
                  />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have nothing else to tell them apart
                  <td key={`blank-${i}`} className="events-calendar-blank" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Table.ScrollContainer>
  );
}

function DayCell({
  day,
  lang,
  events,
  isToday,
  tabbable,
  expanded,
  onFocus,
  onToggle,
}: {
  day: GridDay;
  lang: Lang;
  events: readonly CalendarEvent[];
  isToday: boolean;
  tabbable: boolean;
  expanded: boolean;
  onFocus(): void;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const date = fullDate(day.iso, lang);
  const comma = lang === 'ar' ? '، ' : ', ';
  const { shown, more } = visibleEvents(events, expanded);
  return (
    <td
      id={`calendar-day-${day.iso}`}
      data-day={day.iso}
      data-testid="calendar-day"
      data-events={events.length}
      tabIndex={tabbable ? 0 : -1}
      aria-current={isToday ? 'date' : undefined}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocus();
      }}
    >
      <span className="events-calendar-number" aria-hidden="true">
        {calendarNumber(day.day, lang)}
      </span>
      <span className="visually-hidden">{isToday ? `${date}${comma}${t('calendar.isToday')}` : date}</span>
      {shown.length > 0 && (
        <ul className="plain-list events-calendar-list">
          {shown.map((e) => (
            <li key={e.id}>
              <AnchorLink
                to="/$lang/events/$id"
                params={{ lang, id: e.id }}
                data-testid="calendar-event"
                data-event={e.id}
              >
                {eventName(e, lang)}
              </AnchorLink>
            </li>
          ))}
        </ul>
      )}
      {events.length > MAX_PER_DAY && (
        <Button
          variant="subtle"
          size="compact-xs"
          mt={2}
          aria-expanded={expanded}
          onClick={onToggle}
          data-testid="calendar-more"
        >
          {expanded ? t('calendar.less') : t('calendar.more', { n: calendarNumber(more, lang) })}
          <span className="visually-hidden">{`${comma}${date}`}</span>
        </Button>
      )}
    </td>
  );
}
