import { Button, Menu, type MenuItemProps, VisuallyHidden } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { lazy, type Ref, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/session/useSession.ts';
import { useLanguageStore } from '../stores/language.ts';
import { useSessionStore } from '../stores/session.ts';
import { ChevronDownIcon, UserIcon } from './icons.tsx';
import type { AnchorAttrs } from './links.tsx';
import { userMenu } from './menu.ts';

const PreferencesModal = lazy(() =>
  import('../../features/preferences/index.ts').then((m) => ({ default: m.PreferencesModal })),
);

function MantineMenuItemAnchor(props: MenuItemProps & AnchorAttrs & { ref?: Ref<HTMLAnchorElement> }) {
  return <Menu.Item component="a" {...props} />;
}
const CreatedMenuItemLink = createLink(MantineMenuItemAnchor);
/** A menu item as a router link (here, not in links.tsx: Mantine's Menu stays out of the visitor's first load). */
const MenuItemLink: LinkComponent<typeof MantineMenuItemAnchor> = (props) => <CreatedMenuItemLink {...props} />;

/** The signed-in user's menu (its own chunk: a visitor's page does not load Mantine's Menu and its popover). */
export function UserMenu() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const user = useSessionStore((s) => s.user);
  const permissions = useSessionStore((s) => s.permissions);
  const signOut = useSignOut();
  const [preferences, setPreferences] = useState(false);
  if (!user) return null;
  const name = user.name[lang].trim() || user.userName;
  return (
    <>
      <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button variant="default" leftSection={<UserIcon />} rightSection={<ChevronDownIcon />}>
            {name}
            <VisuallyHidden>{` (${t('app.userMenu')})`}</VisuallyHidden>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {userMenu(user, permissions).map((item) => (
            <MenuItemLink key={item.screen} to={item.to} params={{ lang }}>
              {t(item.labelKey)}
            </MenuItemLink>
          ))}
          {!user.mustChangePassword && (
            <Menu.Item onClick={() => setPreferences(true)} data-testid="open-preferences">
              {t('preferences.open')}
            </Menu.Item>
          )}
          <Menu.Item onClick={() => void signOut('signedOut')}>{t('app.signOut')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {preferences && (
        <Suspense fallback={null}>
          <PreferencesModal opened onClose={() => setPreferences(false)} />
        </Suspense>
      )}
    </>
  );
}
