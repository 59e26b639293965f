import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChoosableColumn {
  id: string;
  label: string;
  visible: boolean;
  /** False for a column that must stay (the row's link, for instance). */
  canHide: boolean;
}

/** The "Columns" button of a grid: a dialog of checkboxes, one per column; the last shown column cannot be hidden. */
export function ColumnChooser({
  columns,
  onChange,
}: {
  columns: readonly ChoosableColumn[];
  onChange(columnId: string, visible: boolean): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const shown = columns.filter((c) => c.visible).length;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal={false}>
      <Popover.Target>
        <Button variant="default" size="xs" data-testid="grid-columns">
          {t('grid.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" fw={600} size="sm" id={titleId} mb="xs">
            {t('grid.columnsTitle')}
          </Text>
          {columns.map((c) => (
            <Checkbox
              key={c.id}
              label={c.label}
              checked={c.visible}
              disabled={!c.canHide || (c.visible && shown === 1)}
              onChange={(e) => onChange(c.id, e.currentTarget.checked)}
              data-column={c.id}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
