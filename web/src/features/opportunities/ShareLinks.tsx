import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Share by message where the browser has no share sheet (navigator.share): WhatsApp, SMS and e-mail links carrying
 * the event's name and address. Plain links: keyboard reachable, each named in the page's language.
 */
export function ShareLinks({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation();
  const text = `${name} ${url}`;
  const links = [
    { key: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(text)}`, label: t('event.shareWhatsApp') },
    { key: 'sms', href: `sms:?body=${encodeURIComponent(text)}`, label: t('event.shareSms') },
    {
      key: 'mail',
      href: `mailto:?subject=${encodeURIComponent(name)}&body=${encodeURIComponent(url)}`,
      label: t('event.shareMail'),
    },
  ];
  return (
    <Group gap="sm" component="nav" aria-label={t('event.share')} data-testid="share-links">
      {links.map((l) => (
        <Anchor key={l.key} href={l.href} target={l.key === 'whatsapp' ? '_blank' : undefined} rel="noopener" size="sm">
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}
