import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../i18n/index.ts';
import { useLanguageStore } from '../stores/language.ts';
import { AnchorLink } from './links.tsx';

type FooterRoute =
  | '/$lang/about'
  | '/$lang/faq'
  | '/$lang/terms'
  | '/$lang/privacy'
  | '/$lang/documents'
  | '/$lang/media-center'
  | '/$lang/news'
  | '/$lang/tickets';

/** The footer's links, in this order (issue 11); contact is a ticket of the "contact request" kind (sign-in first). */
export const FOOTER_LINKS: readonly { to: FooterRoute; labelKey: TranslationKey }[] = [
  { to: '/$lang/about', labelKey: 'page.about' },
  { to: '/$lang/faq', labelKey: 'page.faq' },
  { to: '/$lang/terms', labelKey: 'page.terms' },
  { to: '/$lang/privacy', labelKey: 'page.privacy' },
  { to: '/$lang/documents', labelKey: 'page.documents' },
  { to: '/$lang/media-center', labelKey: 'page.mediaCenter' },
  { to: '/$lang/news', labelKey: 'page.news' },
  { to: '/$lang/tickets', labelKey: 'footer.contact' },
];

/**
 * On every page of the layout: the site's links and the rights line, in a `footer` element (the page's contentinfo
 * landmark). The client table has no social accounts, so there are no social links.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <Box
      component="footer"
      mt="xl"
      style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}
    >
      <Container size="lg" py="md">
        <nav aria-label={t('footer.nav')}>
          <Group component="ul" gap="md" wrap="wrap" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <AnchorLink to={link.to} params={{ lang }} size="sm">
                  {t(link.labelKey)}
                </AnchorLink>
              </li>
            ))}
          </Group>
        </nav>
        <Text size="sm" c="dimmed" mt="sm">
          © {new Date().getFullYear()} {t('app.name')}. {t('footer.rights')}
        </Text>
      </Container>
    </Box>
  );
}
