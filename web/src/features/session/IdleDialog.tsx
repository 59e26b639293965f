import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from './idle.ts';

/** The idle warning: the countdown, stay signed in, or sign out now (IdleWatcher shows it in its warning phase). */
export function IdleDialog({
  remainingMs,
  staying,
  onStay,
  onSignOut,
}: {
  remainingMs: number;
  staying: boolean;
  onStay(): void;
  onSignOut(): void;
}) {
  const { t } = useTranslation();
  // Compound parts, so the title is an <h2> inside the dialog and no second <header> landmark appears.
  return (
    <Modal.Root opened onClose={onStay} closeOnClickOutside={false} centered trapFocus>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="md">
          <Modal.Title fw={700} fz="lg" mb="sm">
            {t('idle.title')}
          </Modal.Title>
          <Text>{t('idle.text')}</Text>
          <Text role="timer" fw={700} fz="xl" my="sm" dir="ltr" ta="center">
            {formatCountdown(remainingMs)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onSignOut}>
              {t('idle.signOut')}
            </Button>
            <Button onClick={onStay} loading={staying} data-autofocus>
              {t('idle.stay')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
