import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyValidator,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  type ParsedLocation,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { getPermissions } from '../../../api/contracts/admin.ts';
import type { Endpoint } from '../../../api/contracts/endpoint.ts';
import type { Action, Screen } from '../../../domain/permissions/screens.ts';
import { validateAuditSearch, validateUsersLogSearch } from '../features/audit/search.ts';
import { validateContentSearch, validatePageSearch } from '../features/content/search.ts';
import { validateInitiativesSearch } from '../features/initiatives/search.ts';
import { isMasterDataKind } from '../features/master-data/kinds.ts';
import {
  validateCalendarSearch,
  validateEventsSearch,
  validateFixedStatusSearch,
  validatePrivateEventsSearch,
} from '../features/opportunities/search.ts';
import { validateThankYouSearch } from '../features/registration/thankYouSearch.ts';
import { validateAsOfSearch, validateReportsSearch } from '../features/reports/search.ts';
import { validateGridSearch } from '../features/review/search.ts';
import { bootstrapSession, endClientSession } from '../features/session/api.ts';
import { appIdleTracker } from '../features/session/IdleWatcher.tsx';
import type { LoginReason } from '../features/session/useSession.ts';
import { type StatusKind, StatusPage } from '../features/status/StatusPage.tsx';
import { validateTicketsSearch } from '../features/tickets/search.ts';
import { validateUsersSearch } from '../features/users/search.ts';
import { setApiHooks } from './api.ts';
import { languageLoaded, loadLanguage, textsFor } from './i18n/index.ts';
import { fixLangPath, isLang, isLoginPath, preferredLang, safeRedirect, stripLang } from './language.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { canCall, hasPermission } from './permissions.ts';
import { useLanguageStore } from './stores/language.ts';
import { useSessionStore } from './stores/session.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Page names under /$lang, so "/login" can be read as "/ar/login". */
const PAGES = [
  'login',
  'force-change-password',
  'change-password',
  'forgot-password',
  'forgot-username',
  'reset-password',
  'dashboard',
  'register',
  'registration',
  'verify-email',
  'user-verification',
  'sso',
  'registrations',
  'audit-log',
  'hours',
  'projections',
  'permissions',
  'events',
  'my-events',
  'tickets',
  'initiatives',
  'reports',
  'statistics',
  'subscribe',
  'unsubscribe',
  'master-data',
  'users',
  'first-responder',
  'first-responders',
  'surveys',
  'my-surveys',
  'survey',
  'certificates',
  'verify',
  'post-card',
  'not-found',
  'forbidden',
  'unauthorized',
  'content',
  'news',
  'about',
  'faq',
  'terms',
  'privacy',
  'media-center',
  'gallery',
  'documents',
  'excellent-volunteers',
];
const LOGIN_REASONS: readonly LoginReason[] = ['expired', 'forbidden', 'signedOut', 'required', 'ended'];

export interface LoginSearch {
  redirect?: string;
  reason?: LoginReason;
  /** A single sign-on that came back refused (api/identity/routes.ts). */
  ssoError?: SsoError;
}
const SSO_ERRORS = [
  'SsoFailed',
  'SsoUnavailable',
  'WrongInfo',
  'DeactivatedUser',
  'Locked',
  'EmailVerification',
] as const;
type SsoError = (typeof SSO_ERRORS)[number];

function cookieHeader(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

function currentLang() {
  return useLanguageStore.getState().lang;
}

/** Where a page under /$lang is going: its address and its language. */
interface PageContext {
  location: ParsedLocation;
  params: { lang: string };
}

/** Where a page needing login sends an anonymous user: login, then back here. */
function requireUser({ location, params }: PageContext) {
  const user = useSessionStore.getState().user;
  if (!user) {
    throw redirect({
      to: '/$lang/login',
      params: { lang: params.lang },
      search: { redirect: `${stripLang(location.pathname)}${location.searchStr}`, reason: 'required' },
    });
  }
  return user;
}

/**
 * A staff screen: login first, then (once the permissions are known) the screen's View right and, when given, an
 * action of the screen or the right to call the page's own endpoint (its contract's guard), else "forbidden".
 */
function requireScreen(ctx: PageContext, screen: Screen, need?: Action | Endpoint) {
  const user = requireUser(ctx);
  const permissions = useSessionStore.getState().permissions;
  const allowed =
    hasPermission(permissions, screen) &&
    (need === undefined ||
      (typeof need === 'string' ? hasPermission(permissions, screen, need) : canCall(permissions, user, need)));
  if (permissions && !allowed) {
    throw redirect({ to: '/$lang/forbidden', params: { lang: ctx.params.lang }, replace: true });
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context }) => bootstrapSession(context.queryClient),
  component: Outlet,
  notFoundComponent: () => <Navigate to="/$lang" params={{ lang: preferredLang(cookieHeader()) }} replace />,
});

/** "/" → the cookie's language, else Arabic. */
const rootIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/$lang', params: { lang: preferredLang(cookieHeader()) }, replace: true });
  },
});

const langRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$lang',
  beforeLoad: ({ params, location }) => {
    if (!isLang(params.lang)) {
      const fixed = fixLangPath(location.pathname, preferredLang(cookieHeader()), PAGES);
      throw redirect({ href: `${fixed}${location.searchStr}`, replace: true });
    }
    const lang = params.lang;
    const enter = () => {
      useLanguageStore.getState().setLanguage(lang);
      // Spec: after a first or reset login the user cannot go anywhere before changing the password.
      const user = useSessionStore.getState().user;
      if (user?.mustChangePassword && !location.pathname.endsWith('/force-change-password')) {
        throw redirect({ to: '/$lang/force-change-password', params: { lang }, replace: true });
      }
    };
    // The language's texts are chunks of their own (app/i18n/index.ts), a visitor's public page only the public part:
    // waited for the first time only, so every later navigation stays synchronous as before.
    const texts = textsFor(stripLang(location.pathname), Boolean(useSessionStore.getState().user));
    if (!languageLoaded(lang, texts)) return loadLanguage(lang, texts).then(enter);
    enter();
  },
  component: AppLayout,
  // Issue 11: an unknown address shows the not-found page in the layout (the address stays, so it can be corrected);
  // it used to fall back to home silently.
  notFoundComponent: () => <StatusPage kind="notFound" />,
});

/**
 * Who may open a page under /$lang, checked before it loads: `anyone`, `signedIn` or `staff(screen, need?)`. It reads
 * the language from the address's first segment (the language route has checked it): a guard typed on the route's
 * `params` would make TypeScript type every page's params as the language's alone.
 */
type Guard = (ctx: { location: ParsedLocation }) => void;
const anyone = undefined;
const guard =
  (check: (ctx: PageContext) => void): Guard =>
  ({ location }) =>
    check({ location, params: { lang: location.pathname.split('/')[1] ?? '' } });
const signedIn = guard((ctx) => {
  requireUser(ctx);
});
const staff = (screen: Screen, need?: Action | Endpoint) => guard((ctx) => requireScreen(ctx, screen, need));

/** The token of a mailed link: e-mail verification, password reset, the mail list's confirm and unsubscribe. */
const mailedTokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {};

/**
 * A page under /$lang: its path (a literal type, so `Link to`, `getRouteApi` and `useSearch` stay typed), who may
 * open it, its component (loaded in its own chunk on first use: `() => import(file)` and the export's name) and the
 * validator of its search, if it has one.
 */
function page<const P extends string, M extends Record<string, unknown>, S extends AnyValidator = undefined>(
  path: P,
  access: Guard | undefined,
  load: () => Promise<M>,
  name: keyof M & string,
  validateSearch?: S,
) {
  return createRoute({
    getParentRoute: () => langRoute,
    path,
    // Absent, S is undefined (its default): the route has no search.
    validateSearch: validateSearch as S,
    beforeLoad: access,
    component: lazyRouteComponent(load, name),
  });
}

/** The status pages (not found, forbidden, unauthorized): in the layout, no chunk of their own. */
const statusPage = <const P extends string>(path: P, kind: StatusKind) =>
  createRoute({ getParentRoute: () => langRoute, path, component: () => <StatusPage kind={kind} /> });

const homeRoute = createRoute({
  getParentRoute: () => langRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    // Spec: the root state sends a logged-in user to the dashboard and an anonymous user to home.
    if (useSessionStore.getState().user) throw redirect({ to: '/$lang/dashboard', params, replace: true });
  },
  // Its own chunk: the slides' carousel stays out of the pages that do not show it.
  component: lazyRouteComponent(() => import('../features/home/HomePage.tsx'), 'HomePage'),
});

export const loginRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const out: LoginSearch = {};
    const back = safeRedirect(search.redirect);
    if (back) out.redirect = back;
    if (LOGIN_REASONS.includes(search.reason as LoginReason)) out.reason = search.reason as LoginReason;
    if (SSO_ERRORS.includes(search.ssoError as SsoError)) out.ssoError = search.ssoError as SsoError;
    return out;
  },
  beforeLoad: ({ params, search }) => {
    const user = useSessionStore.getState().user;
    if (!user) return;
    const back = safeRedirect(search.redirect);
    if (back && !isLoginPath(back)) throw redirect({ href: `/${params.lang}${back}`, replace: true });
    throw redirect({ to: '/$lang/dashboard', params, replace: true });
  },
  component: lazyRouteComponent(() => import('../features/session/LoginPage.tsx'), 'LoginPage'),
});

const forceChangePasswordRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'force-change-password',
  beforeLoad: (ctx) => {
    const user = requireUser(ctx);
    if (!user.mustChangePassword) throw redirect({ to: '/$lang/dashboard', params: ctx.params, replace: true });
  },
  component: lazyRouteComponent(
    () => import('../features/session/ForceChangePasswordPage.tsx'),
    'ForceChangePasswordPage',
  ),
});

/** The visitor's registration form; a signed-in user already has one and sees it instead. */
const registerRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'register',
  beforeLoad: ({ params }) => {
    if (useSessionStore.getState().user) throw redirect({ to: '/$lang/registration', params, replace: true });
  },
  // The registration pages load on first use: the home and login pages do not carry the form.
  component: lazyRouteComponent(() => import('../features/registration/RegisterPage.tsx'), 'RegisterPage'),
});

/** An application's page opened on its history tab (?tab=history). */
const historyTabSearch = (search: Record<string, unknown>): { tab?: 'history' } =>
  search.tab === 'history' ? { tab: 'history' } : {};

/** The survey mail's tokenised link. */
const surveyTokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' ? { token: search.token } : {};

/** One master-data list in the shared grid, with inline add and edit. */
const masterDataKindRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'master-data/$kind',
  beforeLoad: (ctx) => {
    requireScreen(ctx, 'masterdata');
    if (!isMasterDataKind(ctx.params.kind))
      throw redirect({ to: '/$lang/not-found', params: { lang: ctx.params.lang }, replace: true });
  },
  component: lazyRouteComponent(() => import('../features/master-data/KindPage.tsx'), 'KindPage'),
});

export const routeTree = rootRoute.addChildren([
  rootIndexRoute,
  langRoute.addChildren([
    homeRoute,
    loginRoute,
    forceChangePasswordRoute,
    registerRoute,
    masterDataKindRoute,
    page('change-password', signedIn, () => import('../features/session/ChangePasswordPage.tsx'), 'ChangePasswordPage'),
    page('dashboard', signedIn, () => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
    /** Spec screens of the national single sign-on: register and logout pages, and user verification (public). */
    page('sso/register', anyone, () => import('../features/identity/SsoRegisterPage.tsx'), 'SsoRegisterPage'),
    page('sso/logout', anyone, () => import('../features/identity/SsoLogoutPage.tsx'), 'SsoLogoutPage'),
    page(
      'user-verification',
      anyone,
      () => import('../features/identity/UserVerificationPage.tsx'),
      'UserVerificationPage',
    ),
    page(
      'registration',
      signedIn,
      () => import('../features/registration/MyRegistrationPage.tsx'),
      'MyRegistrationPage',
    ),
    page(
      'registration/edit',
      signedIn,
      () => import('../features/registration/EditRegistrationPage.tsx'),
      'EditRegistrationPage',
    ),
    /** After a submit, for visitors and volunteers alike: the reference number comes in the query string. */
    page(
      'registration/thank-you',
      anyone,
      () => import('../features/registration/ThankYouPage.tsx'),
      'ThankYouPage',
      validateThankYouSearch,
    ),
    /** Forgot password and user name (spec: from the login page, by e-mail), and the mailed reset link. */
    page('forgot-password', anyone, () => import('../features/recovery/pages.tsx'), 'ForgotPasswordPage'),
    page('forgot-username', anyone, () => import('../features/recovery/pages.tsx'), 'ForgotUserNamePage'),
    page(
      'reset-password',
      anyone,
      () => import('../features/recovery/ResetPasswordPage.tsx'),
      'ResetPasswordPage',
      mailedTokenSearch,
    ),
    /** The link mailed at registration. */
    page(
      'verify-email',
      anyone,
      () => import('../features/registration/VerifyEmailPage.tsx'),
      'VerifyEmailPage',
      mailedTokenSearch,
    ),
    /** Registration review (staff, reviewers, admins): the grid by status, and one application with its history. */
    page(
      'registrations',
      staff('registrationadmin'),
      () => import('../features/review/RegistrationsPage.tsx'),
      'RegistrationsPage',
      validateGridSearch,
    ),
    page(
      'registrations/$id',
      staff('registrationadmin'),
      () => import('../features/review/RegistrationDetailPage.tsx'),
      'RegistrationDetailPage',
      historyTabSearch,
    ),
    /** The global audit log (admins). */
    page(
      'audit-log',
      staff('auditlog'),
      () => import('../features/audit/AuditLogPage.tsx'),
      'AuditLogPage',
      validateAuditSearch,
    ),
    /** The history of any record (its kind is its stream category, domain/record-kinds.ts); the API checks who may see it. */
    page('history/$kind/$id', signedIn, () => import('../features/audit/HistoryPage.tsx'), 'HistoryPage'),
    /** The users log (sign-in attempts) with its Excel export (spec: GetUsersLogReportData, ExporttoExcel). */
    page(
      'users-log',
      staff('users'),
      () => import('../features/audit/UsersLogPage.tsx'),
      'UsersLogPage',
      validateUsersLogSearch,
    ),
    /** Volunteer hours across the events of the staff member's scope, many approved at once (spec: approvevolunteerhours). */
    page('hours', staff('volunteerhours'), () => import('../features/hours/HoursPage.tsx'), 'HoursPage'),
    /** The read models' parked events, and their retry (admins). */
    page(
      'projections',
      staff('projections'),
      () => import('../features/status/ParkedEventsPage.tsx'),
      'ParkedEventsPage',
    ),
    /** The screens × roles matrix (the super admin edits it; others who may read it see it read only). */
    page(
      'permissions',
      staff('permissions', getPermissions),
      () => import('../features/permissions/PermissionsPage.tsx'),
      'PermissionsPage',
    ),
    /** Events (spec section 2): the public list and map, and one event's details; visitors too. */
    page(
      'events',
      anyone,
      () => import('../features/opportunities/EventsPage.tsx'),
      'EventsPage',
      validateEventsSearch,
    ),
    /** The same list with the status fixed: ongoing (status 2, "today's events" for one client) and closed (3). */
    page(
      'events/ongoing',
      anyone,
      () => import('../features/opportunities/EventsPage.tsx'),
      'OngoingEventsPage',
      validateFixedStatusSearch,
    ),
    page(
      'events/closed',
      anyone,
      () => import('../features/opportunities/EventsPage.tsx'),
      'ClosedEventsPage',
      validateFixedStatusSearch,
    ),
    /** A month of public events (?month=YYYY-MM), in the ar-EG date culture in Arabic. */
    page(
      'events/calendar',
      anyone,
      () => import('../features/opportunities/CalendarPage.tsx'),
      'CalendarPage',
      validateCalendarSearch,
    ),
    /** A signed-in volunteer's private events (spec: private events info), and one of them (private events info details). */
    page(
      'events/private',
      signedIn,
      () => import('../features/opportunities/PrivateEventsPage.tsx'),
      'PrivateEventsPage',
      validatePrivateEventsSearch,
    ),
    page(
      'events/private/$id',
      signedIn,
      () => import('../features/opportunities/EventDetailPage.tsx'),
      'PrivateEventDetailPage',
    ),
    page('events/$id', anyone, () => import('../features/opportunities/EventDetailPage.tsx'), 'EventDetailPage'),
    /** Staff: the events to manage, creation, approval, and one event's roster. */
    page(
      'events/manage',
      staff('eventsadmin'),
      () => import('../features/opportunities/manage/ManageEventsPage.tsx'),
      'ManageEventsPage',
    ),
    page(
      'events/manage/$id',
      staff('eventsadmin'),
      () => import('../features/opportunities/manage/ManageEventPage.tsx'),
      'ManageEventPage',
    ),
    /** Surveys (staff): the list with its approval filter, the builder, and one survey's results. */
    page('surveys', staff('surveys'), () => import('../features/surveys/SurveysPage.tsx'), 'SurveysPage'),
    page(
      'surveys/new',
      staff('surveys'),
      () => import('../features/surveys/SurveyBuilderPage.tsx'),
      'SurveyBuilderPage',
    ),
    page(
      'surveys/$id/results',
      staff('surveys'),
      () => import('../features/surveys/SurveyResultsPage.tsx'),
      'SurveyResultsPage',
    ),
    /** The volunteer's surveys (screen SurveyMandatory), answering one, and the mail's tokenised link. */
    page(
      'my-surveys',
      staff('surveymandatory'),
      () => import('../features/surveys/MySurveysPage.tsx'),
      'MySurveysPage',
    ),
    page(
      'my-surveys/$id',
      staff('surveymandatory'),
      () => import('../features/surveys/AnswerSurveyPage.tsx'),
      'AnswerSurveyPage',
    ),
    page(
      'survey',
      staff('surveymandatory'),
      () => import('../features/surveys/SurveyLinkPage.tsx'),
      'SurveyLinkPage',
      surveyTokenSearch,
    ),
    /** The volunteer's certificates, cards, past events and contributions (features/certificates). */
    page(
      'certificates',
      staff('mycertificates'),
      () => import('../features/certificates/CertificatesPage.tsx'),
      'CertificatesPage',
    ),
    /** Public: a certificate's verification page (its QR code's link). */
    page('verify/$id', anyone, () => import('../features/certificates/VerifyPage.tsx'), 'VerifyPage'),
    page('post-card', staff('postcard'), () => import('../features/certificates/PostCardPage.tsx'), 'PostCardPage'),
    page('my-events', signedIn, () => import('../features/my-events/MyEventsPage.tsx'), 'MyEventsPage'),
    /** The volunteer's own tickets, suggestions and contact requests (screen `tickets`). */
    page(
      'tickets',
      staff('tickets'),
      () => import('../features/tickets/TicketsPages.tsx'),
      'MyTicketsPage',
      validateTicketsSearch,
    ),
    /** Staff's tickets across volunteers (screen `ticketsadmin`). */
    page(
      'tickets/manage',
      staff('ticketsadmin'),
      () => import('../features/tickets/TicketsPages.tsx'),
      'StaffTicketsPage',
      validateTicketsSearch,
    ),
    /** The volunteer's own first-responder request (screen `myfirstresponder`). */
    page(
      'first-responder',
      staff('myfirstresponder'),
      () => import('../features/first-responders/MyFirstResponderPage.tsx'),
      'MyFirstResponderPage',
    ),
    /** The responder admin's requests, approved and rejected lists (screen `firstresponder`). */
    page(
      'first-responders',
      staff('firstresponder'),
      () => import('../features/first-responders/FirstRespondersPage.tsx'),
      'FirstRespondersPage',
    ),
    /** One ticket: the creator's (by the API's rules) or one in a staff member's scope. */
    page('tickets/$id', signedIn, () => import('../features/tickets/TicketPage.tsx'), 'TicketPage'),
    /** Event initiatives (screen `initiatives`): one's own proposals, or all of them for those who decide. */
    page(
      'initiatives',
      staff('initiatives'),
      () => import('../features/initiatives/InitiativesPage.tsx'),
      'InitiativesPage',
      validateInitiativesSearch,
    ),
    /** Event reports (screen `statistics`): the list with the summary, and one event's report; both as of a day. */
    page(
      'reports',
      staff('statistics'),
      () => import('../features/reports/ReportsPage.tsx'),
      'ReportsPage',
      validateReportsSearch,
    ),
    page(
      'reports/$id',
      staff('statistics'),
      () => import('../features/reports/EventReportPage.tsx'),
      'EventReportPage',
      validateAsOfSearch,
    ),
    /** Statistics (screen `statistics`): the dashboard statistics, the other statistics pages and the KPI comparison. */
    page(
      'statistics',
      staff('statistics'),
      () => import('../features/statistics/StatisticsPage.tsx'),
      'StatisticsPage',
    ),
    /** Approving an initiative into a draft event (the API checks Approve and the events' Add). */
    page(
      'initiatives/$id/approve',
      staff('eventsadmin'),
      () => import('../features/initiatives/ApproveInitiativePage.tsx'),
      'ApproveInitiativePage',
    ),
    /** The mail list, public: subscribe, and the two links of its mails (confirm, unsubscribe). */
    page('subscribe', anyone, () => import('../features/subscriptions/SubscriptionPages.tsx'), 'SubscribePage'),
    page(
      'subscribe/confirm',
      anyone,
      () => import('../features/subscriptions/SubscriptionPages.tsx'),
      'ConfirmSubscriptionPage',
      mailedTokenSearch,
    ),
    page(
      'unsubscribe',
      anyone,
      () => import('../features/subscriptions/SubscriptionPages.tsx'),
      'UnsubscribePage',
      mailedTokenSearch,
    ),
    /** Master data: the mail list's subscribers (a static path: it wins over /master-data/$kind). */
    page(
      'master-data/mail-subscriptions',
      staff('masterdata'),
      () => import('../features/subscriptions/MailSubscriptionsPage.tsx'),
      'MailSubscriptionsPage',
    ),
    /** The master-data lists (screen `masterdata`). */
    page(
      'master-data',
      staff('masterdata'),
      () => import('../features/master-data/MasterDataPage.tsx'),
      'MasterDataPage',
    ),
    /** The users grid (screen `users`). */
    page('users', staff('users'), () => import('../features/users/UsersPage.tsx'), 'UsersPage', validateUsersSearch),
    /** A new staff account (screen `users`, Add). */
    page('users/new', staff('users', 'Add'), () => import('../features/users/NewUserPage.tsx'), 'NewUserPage'),
    /** One account: profile, department, areas, status, city volunteers (screen `users`). */
    page('users/$id', staff('users'), () => import('../features/users/UserPage.tsx'), 'UserPage'),
    statusPage('not-found', 'notFound'),
    statusPage('forbidden', 'forbidden'),
    statusPage('unauthorized', 'unauthorized'),
    // Site content (issue 11): the admin's screens (screen `content`) and the public pages that show what is published.
    page(
      'content',
      staff('content'),
      () => import('../features/content/ContentAdminPage.tsx'),
      'ContentAdminPage',
      validateContentSearch,
    ),
    page(
      'content/new/$kind',
      staff('content', 'Add'),
      () => import('../features/content/ContentFormPage.tsx'),
      'NewContentPage',
    ),
    page('content/$id', staff('content'), () => import('../features/content/ContentFormPage.tsx'), 'EditContentPage'),
    page('news', anyone, () => import('../features/content/NewsPages.tsx'), 'NewsListPage', validatePageSearch),
    page('news/$id', anyone, () => import('../features/content/NewsPages.tsx'), 'NewsDetailsPage'),
    page('about', anyone, () => import('../features/content/PublicPages.tsx'), 'AboutPage'),
    page('faq', anyone, () => import('../features/content/PublicPages.tsx'), 'FaqPage'),
    page('terms', anyone, () => import('../features/content/PublicPages.tsx'), 'TermsPage'),
    page('privacy', anyone, () => import('../features/content/PublicPages.tsx'), 'PrivacyPage'),
    page('media-center', anyone, () => import('../features/content/PublicPages.tsx'), 'MediaCenterPage'),
    page('documents', anyone, () => import('../features/content/PublicPages.tsx'), 'DocumentsPage'),
    page(
      'excellent-volunteers',
      anyone,
      () => import('../features/content/PublicPages.tsx'),
      'ExcellentVolunteersPage',
    ),
    page('gallery/$id', anyone, () => import('../features/content/PublicPages.tsx'), 'GalleryPage'),
  ]),
]);

function PendingPage() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}

function ErrorPage({ reset }: { reset: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack maw={520} mx="auto" mt="xl">
      <Alert color="red" role="alert">
        <Text>{t('GenericErrorMessage')}</Text>
      </Alert>
      <Button variant="default" onClick={reset}>
        {t('app.retry')}
      </Button>
    </Stack>
  );
}

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: ErrorPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/**
 * Wires the API helper's session rules to navigation: 401 (expired) and 403 (forbidden) end the session and open
 * login with a message and the way back; 428 opens the forced password change. Returns the unwiring function.
 */
export function connectApi(router: AppRouter, queryClient: QueryClient): () => void {
  return setApiHooks({
    onSessionEnded: (reason) => {
      endClientSession(queryClient);
      const { pathname, searchStr } = router.state.location;
      const lang = currentLang();
      const here = `${stripLang(pathname)}${searchStr}`;
      const onLogin = isLoginPath(stripLang(pathname));
      void router.navigate({
        to: '/$lang/login',
        params: { lang },
        search: onLogin ? { reason } : { reason, redirect: here },
        replace: onLogin,
      });
    },
    onPasswordChangeRequired: () => {
      const user = useSessionStore.getState().user;
      if (user && !user.mustChangePassword) useSessionStore.getState().setUser({ ...user, mustChangePassword: true });
      void router.navigate({ to: '/$lang/force-change-password', params: { lang: currentLang() } });
    },
    onServerContact: () => appIdleTracker.getState().contact(Date.now()),
  });
}
