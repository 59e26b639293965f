import { notifications } from '@mantine/notifications';
import { i18n } from '../app/i18n/index.ts';

/** Spec 9: a success message hides after 5 s; its close button is labelled in the page's language. */
export function notifyDone(message: string): void {
  notifications.show({
    message,
    color: 'brand',
    autoClose: 5000,
    closeButtonProps: { 'aria-label': i18n.t('app.close') },
  });
}
