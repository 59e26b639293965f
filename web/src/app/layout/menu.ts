import type { RegisteredRouter } from '@tanstack/react-router';
import { getPermissions } from '../../../../api/contracts/admin.ts';
import type { Endpoint } from '../../../../api/contracts/endpoint.ts';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { type Screen, Screens } from '../../../../domain/permissions/screens.ts';
import { Role } from '../../../../domain/shared/roles.ts';
import type { TranslationKey } from '../i18n/index.ts';
import { canCall, hasPermission } from '../permissions.ts';

/**
 * A page of the router under /$lang (the router's own paths, registered in app/router.tsx): a menu entry can only
 * name a page that exists, so no entry opens nothing or a stand-in.
 */
export type MenuRoute = Exclude<
  Extract<keyof RegisteredRouter['routesByPath'], `/$lang/${string}`>,
  // The index (a trailing slash) and pages that need more than the language (an id).
  '/$lang/' | `/$lang/${string}$${string}`
>;

export interface MenuItem {
  screen: Screen;
  labelKey: TranslationKey;
  to: MenuRoute;
}

interface MenuEntry {
  to: MenuRoute;
  placement: 'header' | 'user';
  /** The page's own read, when its guard is not the screen's View: the entry is shown only to who may call it. */
  reads?: Endpoint;
}

/**
 * The screens that are menu entries, with their pages; the user menu holds the personal ones. A screen without a page
 * has no entry (it is not shown): adding its page's line here is all it takes. Screens that only gate actions (the
 * spec's allow… names, certificates, surveys) have none.
 */
const MENU = {
  dashboard: { to: '/$lang/dashboard', placement: 'header' },
  changepassword: { to: '/$lang/change-password', placement: 'user' },
  users: { to: '/$lang/users', placement: 'header' },
  auditlog: { to: '/$lang/audit-log', placement: 'header' },
  registrationadmin: { to: '/$lang/registrations', placement: 'header' },
  events: { to: '/$lang/events', placement: 'header' },
  eventsadmin: { to: '/$lang/events/manage', placement: 'header' },
  volunteerhours: { to: '/$lang/hours', placement: 'header' },
  statistics: { to: '/$lang/statistics', placement: 'header' },
  masterdata: { to: '/$lang/master-data', placement: 'header' },
  permissions: { to: '/$lang/permissions', placement: 'header', reads: getPermissions },
  tickets: { to: '/$lang/tickets', placement: 'header' },
  ticketsadmin: { to: '/$lang/tickets/manage', placement: 'header' },
  initiatives: { to: '/$lang/initiatives', placement: 'header' },
  content: { to: '/$lang/content', placement: 'header' },
  firstresponder: { to: '/$lang/first-responders', placement: 'header' },
  myfirstresponder: { to: '/$lang/first-responder', placement: 'header' },
  myevents: { to: '/$lang/my-events', placement: 'header' },
  myregistration: { to: '/$lang/registration', placement: 'header' },
  surveys: { to: '/$lang/surveys', placement: 'header' },
  surveymandatory: { to: '/$lang/my-surveys', placement: 'header' },
  mycertificates: { to: '/$lang/certificates', placement: 'header' },
  postcard: { to: '/$lang/post-card', placement: 'header' },
  projections: { to: '/$lang/projections', placement: 'header' },
} satisfies Partial<Record<Screen, MenuEntry>>;
type MenuScreen = keyof typeof MENU;

/** Every page a menu entry opens (the router test checks each is a route). */
export const menuRoutes: readonly MenuRoute[] = Object.values(MENU).map((e: MenuEntry) => e.to);

/** The screens with a menu entry, in the screen list's order (each needs a `menu.<screen>` label). */
export const menuScreens: readonly MenuScreen[] = Screens.filter((screen): screen is MenuScreen => screen in MENU);

/** The screen's View, and the right to the page's own read: an entry never opens a page that would refuse. */
function canOpen(user: SessionUser | null, permissions: Permissions, screen: MenuScreen): boolean {
  const entry: MenuEntry = MENU[screen];
  return hasPermission(permissions, screen, 'View') && (!entry.reads || canCall(permissions, user, entry.reads));
}

/**
 * The header menu: only screens the role may View, and only once registration is complete and the national id is
 * valid (spec, section 2). Nothing while a password change is pending.
 */
export function headerMenu(user: SessionUser | null, permissions: Permissions | null): MenuItem[] {
  if (!user?.isRegistrationComplete || !user.isNicValid || user.mustChangePassword) return [];
  const entries = items(user, permissions, 'header');
  // A volunteer account without any registration (created by an admin or seeded): its entry starts one.
  if (user.roleId !== Role.Volunteer || user.registrationStatus !== null) return entries;
  return entries.map((item) =>
    item.screen === 'myregistration'
      ? { ...item, labelKey: 'menu.startRegistration', to: '/$lang/registration/edit' }
      : item,
  );
}

/** The user menu's personal entries (change password), by permission; sign-out is always there. */
export function userMenu(user: SessionUser | null, permissions: Permissions | null): MenuItem[] {
  if (!user || user.mustChangePassword) return [];
  return items(user, permissions, 'user');
}

function items(user: SessionUser, permissions: Permissions | null, placement: 'header' | 'user'): MenuItem[] {
  if (!permissions) return [];
  return menuScreens
    .filter((screen) => MENU[screen].placement === placement && canOpen(user, permissions, screen))
    .map((screen): MenuItem => ({ screen, labelKey: `menu.${screen}`, to: MENU[screen].to }));
}

/** A visitor's header menu: the public events list (spec: events are open to everyone). */
export function visitorMenu(user: SessionUser | null): MenuItem[] {
  if (user) return [];
  return [{ screen: 'events', labelKey: 'menu.events', to: '/$lang/events' }];
}

/**
 * The events pages' own menu, open to everyone like the list: all events, ongoing ("today's events" where the client
 * says so), closed, and the calendar; for a signed-in volunteer, her private events too.
 */
export function eventsViewsMenu(
  activeLabel: 'EventStatusActive' | 'EventStatusToday',
  user: SessionUser | null = null,
): { to: MenuRoute; labelKey: TranslationKey }[] {
  const mine: { to: MenuRoute; labelKey: TranslationKey }[] =
    user?.roleId === Role.Volunteer ? [{ to: '/$lang/events/private', labelKey: 'page.privateEvents' }] : [];
  return [
    { to: '/$lang/events', labelKey: 'events.nav.all' },
    {
      to: '/$lang/events/ongoing',
      labelKey: activeLabel === 'EventStatusToday' ? 'page.todayEvents' : 'page.ongoingEvents',
    },
    { to: '/$lang/events/closed', labelKey: 'page.closedEvents' },
    { to: '/$lang/events/calendar', labelKey: 'events.view.calendar' },
    ...mine,
  ];
}
