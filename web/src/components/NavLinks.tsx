import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../app/i18n/index.ts';
import { ButtonLink } from '../app/layout/links.tsx';
import type { MenuRoute } from '../app/layout/menu.ts';
import { useLanguageStore } from '../app/stores/language.ts';

export interface NavLink {
  to: MenuRoute;
  labelKey: TranslationKey;
  /** The menu screen the link opens (`data-screen`, for the journeys' checks of the main menu). */
  screen?: string;
}

/** A menu's links as a bare list of compact buttons; the page the address shows is marked (`nav-link` styles it). */
export function NavLinks({ links }: { links: readonly NavLink[] }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <Group gap={4} wrap="wrap" component="ul" className="plain-list">
      {links.map((l) => (
        <li key={l.to}>
          <ButtonLink
            to={l.to}
            params={{ lang }}
            variant="subtle"
            size="compact-md"
            className="nav-link"
            activeOptions={{ exact: true, includeSearch: false }}
            data-screen={l.screen}
          >
            {t(l.labelKey)}
          </ButtonLink>
        </li>
      ))}
    </Group>
  );
}
