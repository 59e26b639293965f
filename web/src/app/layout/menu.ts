import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { type Screen, Screens } from '../../../../domain/permissions/screens.ts';
import { Role } from '../../../../domain/shared/roles.ts';
import type { TranslationKey } from '../i18n/index.ts';
import { hasPermission } from '../permissions.ts';

/** Routes a menu entry may open. Screens without a page yet open the dashboard for now. */
export type MenuRoute =
  | '/$lang/dashboard'
  | '/$lang/change-password'
  | '/$lang/registration'
  | '/$lang/registration/edit'
  | '/$lang/registrations'
  | '/$lang/audit-log'
  | '/$lang/hours'
  | '/$lang/projections'
  | '/$lang/events'
  | '/$lang/events/ongoing'
  | '/$lang/events/closed'
  | '/$lang/events/calendar'
  | '/$lang/events/manage'
  | '/$lang/my-events'
  | '/$lang/tickets'
  | '/$lang/tickets/manage'
  | '/$lang/initiatives'
  | '/$lang/master-data'
  | '/$lang/users'
  | '/$lang/first-responder'
  | '/$lang/first-responders'
  | '/$lang/surveys'
  | '/$lang/my-surveys'
  | '/$lang/certificates'
  | '/$lang/post-card';

export interface MenuItem {
  screen: Screen;
  labelKey: TranslationKey;
  to: MenuRoute;
  /** Set while the screen has no page of its own: keeps each placeholder link distinct (and not "current"). */
  hash: string | undefined;
}

interface MenuEntry {
  to: MenuRoute;
  placement: 'header' | 'user';
  /** No page yet: opens the dashboard for now. */
  placeholder?: true;
}

const PLACEHOLDER: MenuEntry = { to: '/$lang/dashboard', placement: 'header', placeholder: true };

/**
 * The screens that are menu entries, with their pages; the user menu holds the personal ones. Screens that only
 * gate actions (the spec's allow… names, certificates, surveys) have none.
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
  statistics: PLACEHOLDER,
  content: PLACEHOLDER,
  masterdata: { to: '/$lang/master-data', placement: 'header' },
  permissions: PLACEHOLDER,
  tickets: { to: '/$lang/tickets', placement: 'header' },
  ticketsadmin: { to: '/$lang/tickets/manage', placement: 'header' },
  initiatives: { to: '/$lang/initiatives', placement: 'header' },
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

/** The screens with a menu entry, in the screen list's order (each needs a `menu.<screen>` label). */
export const menuScreens: readonly MenuScreen[] = Screens.filter((screen): screen is MenuScreen => screen in MENU);

function canView(permissions: Permissions, screen: Screen): boolean {
  return hasPermission(permissions, screen, 'View');
}

/**
 * The header menu: only screens the role may View, and only once registration is complete and the national id is
 * valid (spec, section 2). Nothing while a password change is pending.
 */
export function headerMenu(user: SessionUser | null, permissions: Permissions | null): MenuItem[] {
  if (!user?.isRegistrationComplete || !user.isNicValid || user.mustChangePassword) return [];
  const entries = items(permissions, 'header');
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
  return items(permissions, 'user');
}

function items(permissions: Permissions | null, placement: 'header' | 'user'): MenuItem[] {
  if (!permissions) return [];
  return menuScreens
    .filter((screen) => MENU[screen].placement === placement && canView(permissions, screen))
    .map((screen): MenuItem => {
      const entry: MenuEntry = MENU[screen];
      return { screen, labelKey: `menu.${screen}`, to: entry.to, hash: entry.placeholder ? screen : undefined };
    });
}

/** A visitor's header menu: the public events list (spec: events are open to everyone). */
export function visitorMenu(user: SessionUser | null): MenuItem[] {
  if (user) return [];
  return [{ screen: 'events', labelKey: 'menu.events', to: '/$lang/events', hash: undefined }];
}

/**
 * The events pages' own menu, open to everyone like the list: all events, ongoing ("today's events" where the client
 * says so), closed, and the calendar.
 */
export function eventsViewsMenu(
  activeLabel: 'EventStatusActive' | 'EventStatusToday',
): { to: MenuRoute; labelKey: TranslationKey }[] {
  return [
    { to: '/$lang/events', labelKey: 'events.nav.all' },
    {
      to: '/$lang/events/ongoing',
      labelKey: activeLabel === 'EventStatusToday' ? 'page.todayEvents' : 'page.ongoingEvents',
    },
    { to: '/$lang/events/closed', labelKey: 'page.closedEvents' },
    { to: '/$lang/events/calendar', labelKey: 'events.view.calendar' },
  ];
}
