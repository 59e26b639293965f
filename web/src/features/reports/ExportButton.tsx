import { Button } from '@mantine/core';
import { useState } from 'react';
import { ExportDialog, type StartExport } from '../../components/ExportDialog.tsx';

/** A button that opens the shared export dialog for what is not a grid (the summary, one event's report). */
export function ExportButton({ label, start, testId }: { label: string; start: StartExport; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      {open && <ExportDialog opened onClose={() => setOpen(false)} start={start} />}
    </>
  );
}
