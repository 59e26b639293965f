import { z } from 'zod';
import { COUNTER_LABELS, KPI_FIGURES } from '../../domain/statistics/figures.ts';
import type { TargetRow } from '../../projections/statistics/queries.ts';
import { NameTable, namesOf, Text } from './names.ts';
import statisticsNames from './statistics-names.json' with { type: 'json' };

// The names the statistics exports print (statistics-names.json), as the statistics screen says them
// (web/src/features/statistics/i18n.ts), checked when loaded.

export type { Text };

const STATISTICS_NAMES = z
  .object({
    /** The dashboard's counters as the screen names them (statistics.counter.*). */
    counters: namesOf(COUNTER_LABELS),
    dimensions: NameTable,
    /** What a key means in the dimensions without names of their own (as the screen says it). */
    coded: z.record(z.string(), NameTable),
    notGiven: Text,
    standing: namesOf<NonNullable<TargetRow['standing']>>(['below', 'within', 'above']),
    kpi: namesOf(KPI_FIGURES),
  })
  .strict()
  .parse(statisticsNames);

export const {
  dimensions: DIMENSIONS,
  coded: CODED,
  notGiven: NOT_GIVEN,
  standing: STANDING_NAMES,
  kpi: KPI_NAMES,
} = STATISTICS_NAMES;
/** By a counter's label (one the table does not know is printed as it is). */
export const COUNTER_NAMES: Record<string, Text> = STATISTICS_NAMES.counters;
