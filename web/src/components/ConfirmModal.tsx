import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** "Confirm" unless the action has a better name (Approve, Delete…). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** The action is running: the confirm button spins and cannot be pressed twice. */
  busy?: boolean;
  /** Shown between the message and the buttons (the action's failure, for instance). */
  error?: ReactNode;
  confirmTestId?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The one confirm dialog: focus starts on Cancel (a stray Enter does nothing harmful), Escape and the close button
 * cancel, focus stays inside while open and returns to the opener after.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  const { t } = useTranslation();
  // A <header> inside the dialog would read as a page banner landmark; the app's dialogs use a div.
  const headerAsDiv = { component: 'div' } as object;
  return (
    <Modal.Root opened={props.opened} onClose={props.onCancel} centered trapFocus returnFocus closeOnEscape>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...headerAsDiv}>
          <Modal.Title>{props.title}</Modal.Title>
          <Modal.CloseButton aria-label={t('app.close')} />
        </Modal.Header>
        <Modal.Body>
          <Stack>
            {typeof props.message === 'string' ? <Text>{props.message}</Text> : props.message}
            {props.error}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={props.onCancel} data-autofocus>
                {props.cancelLabel ?? t('confirm.cancel')}
              </Button>
              <Button
                color={props.danger ? 'red.9' : undefined}
                loading={props.busy}
                onClick={props.onConfirm}
                data-testid={props.confirmTestId ?? 'confirm-modal'}
              >
                {props.confirmLabel ?? t('confirm.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
