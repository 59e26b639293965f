import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A `Tabs`' row of tabs, one per value: each named by `name`, with the test id `${testId}-${value}`; `label` names the
 * row for screen readers (the lists of first responders, the registrations' statuses, the statistics, my events).
 */
export function TabList<V extends string | number>({
  label,
  tabs,
  name,
  testId,
}: {
  label?: string;
  tabs: readonly V[];
  name(tab: V): ReactNode;
  testId: string;
}) {
  return (
    <Tabs.List aria-label={label}>
      {tabs.map((tab) => (
        <Tabs.Tab key={tab} value={String(tab)} data-testid={`${testId}-${tab}`}>
          {name(tab)}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}
