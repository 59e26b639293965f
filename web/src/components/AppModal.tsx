import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A Mantine modal whose header is a plain div: Mantine's own <header> inside the dialog reads as a second banner
 * landmark to axe (landmark-no-duplicate-banner). Named by its title; the close button is labelled.
 */
export function AppModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headerAsDiv = { component: 'div' } as object;
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...headerAsDiv}>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('app.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
