import { Button } from '@mantine/core';
import { type ComponentType, type ReactNode, useState } from 'react';

/** A dialog opened by a button and closed by itself: it gets `opened` and `onClose`. */
export type ButtonDialog = ComponentType<{ opened: boolean; onClose(): void }>;

/**
 * A button that opens its dialog, holding whether it is open (a page's "new" ticket or initiative):
 * `<DialogButton label={t('tickets.new')} testId="new-ticket" dialog={NewTicketModal} />`.
 */
export function DialogButton({
  label,
  testId,
  dialog: Dialog,
}: {
  label: ReactNode;
  testId: string;
  dialog: ButtonDialog;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)} data-testid={testId}>
        {label}
      </Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
