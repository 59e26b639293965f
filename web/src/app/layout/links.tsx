import { Anchor, type AnchorProps, Button, type ButtonProps, Group } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../i18n/index.ts';
import { useLanguageStore } from '../stores/language.ts';
import type { MenuRoute } from './menu.ts';

/** Mantine components rendered as router links, with the router's typed `to` and `params`. */
export type AnchorAttrs = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

function MantineButtonAnchor(props: ButtonProps & AnchorAttrs & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" {...props} />;
}

function MantineAnchor(props: AnchorProps & AnchorAttrs & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor {...props} />;
}

const CreatedButtonLink = /* @__PURE__ */ createLink(MantineButtonAnchor);
const CreatedAnchorLink = /* @__PURE__ */ createLink(MantineAnchor);

export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => <CreatedButtonLink {...props} />;
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;

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
