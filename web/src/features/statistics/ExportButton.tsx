import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '../../../../api/contracts/endpoint.ts';
import { useCan } from '../../app/permissions.ts';
import { ExportDialog, type StartExport } from '../../components/ExportDialog.tsx';

/**
 * The statistics tables' export (Excel or PDF, through the shared export dialog): shown to those the export's contract
 * lets in; `start` sends the screen's current filters and "as of" day.
 */
export function ExportButton({ contract, start, testId }: { contract: Endpoint; start: StartExport; testId: string }) {
  const { t } = useTranslation();
  const can = useCan(contract);
  const [open, setOpen] = useState(false);
  if (!can) return null;
  return (
    <Group justify="flex-end">
      <Button variant="default" size="xs" onClick={() => setOpen(true)} data-testid={testId}>
        {t('statistics.export')}
      </Button>
      {open && <ExportDialog opened onClose={() => setOpen(false)} start={start} />}
    </Group>
  );
}
