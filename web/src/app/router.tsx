import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import {
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
import { StatusPage } from '../features/status/StatusPage.tsx';
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

/** Where a page needing login sends an anonymous user: login, then back here. */
function requireUser({ location, params }: { location: ParsedLocation; params: { lang: string } }) {
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
function requireScreen(
  ctx: { location: ParsedLocation; params: { lang: string } },
  screen: Screen,
  need?: Action | Endpoint,
) {
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

const changePasswordRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'change-password',
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(() => import('../features/session/ChangePasswordPage.tsx'), 'ChangePasswordPage'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'dashboard',
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
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

/** Spec screens of the national single sign-on: register and logout pages, and user verification (public). */
const ssoRegisterRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'sso/register',
  component: lazyRouteComponent(() => import('../features/identity/SsoRegisterPage.tsx'), 'SsoRegisterPage'),
});

const ssoLogoutRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'sso/logout',
  component: lazyRouteComponent(() => import('../features/identity/SsoLogoutPage.tsx'), 'SsoLogoutPage'),
});

const userVerificationRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'user-verification',
  component: lazyRouteComponent(() => import('../features/identity/UserVerificationPage.tsx'), 'UserVerificationPage'),
});

const myRegistrationRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'registration',
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(() => import('../features/registration/MyRegistrationPage.tsx'), 'MyRegistrationPage'),
});

const editRegistrationRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'registration/edit',
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(
    () => import('../features/registration/EditRegistrationPage.tsx'),
    'EditRegistrationPage',
  ),
});

/** After a submit, for visitors and volunteers alike: the reference number comes in the query string. */
const thankYouRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'registration/thank-you',
  validateSearch: validateThankYouSearch,
  component: lazyRouteComponent(() => import('../features/registration/ThankYouPage.tsx'), 'ThankYouPage'),
});

/** Forgot password and user name (spec: from the login page, by e-mail), and the mailed reset link. */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'forgot-password',
  component: lazyRouteComponent(() => import('../features/recovery/pages.tsx'), 'ForgotPasswordPage'),
});
const forgotUserNameRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'forgot-username',
  component: lazyRouteComponent(() => import('../features/recovery/pages.tsx'), 'ForgotUserNamePage'),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {},
  component: lazyRouteComponent(() => import('../features/recovery/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
});

/** The link mailed at registration. */
const verifyEmailRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'verify-email',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {},
  component: lazyRouteComponent(() => import('../features/registration/VerifyEmailPage.tsx'), 'VerifyEmailPage'),
});

/** Registration review (staff, reviewers, admins): the grid by status, and one application with its history. */
const registrationsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'registrations',
  validateSearch: validateGridSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'registrationadmin'),
  component: lazyRouteComponent(() => import('../features/review/RegistrationsPage.tsx'), 'RegistrationsPage'),
});

const registrationDetailRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'registrations/$id',
  validateSearch: (search: Record<string, unknown>): { tab?: 'history' } =>
    search.tab === 'history' ? { tab: 'history' } : {},
  beforeLoad: (ctx) => requireScreen(ctx, 'registrationadmin'),
  component: lazyRouteComponent(
    () => import('../features/review/RegistrationDetailPage.tsx'),
    'RegistrationDetailPage',
  ),
});

/** The global audit log (admins). */
const auditLogRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'audit-log',
  validateSearch: validateAuditSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'auditlog'),
  component: lazyRouteComponent(() => import('../features/audit/AuditLogPage.tsx'), 'AuditLogPage'),
});

/** The history of any record (its kind is its stream category, domain/record-kinds.ts); the API checks who may see it. */
const historyRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'history/$kind/$id',
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(() => import('../features/audit/HistoryPage.tsx'), 'HistoryPage'),
});

/** The users log (sign-in attempts) with its Excel export (spec: GetUsersLogReportData, ExporttoExcel). */
const usersLogRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'users-log',
  validateSearch: validateUsersLogSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'users'),
  component: lazyRouteComponent(() => import('../features/audit/UsersLogPage.tsx'), 'UsersLogPage'),
});

/** Volunteer hours across the events of the staff member's scope, many approved at once (spec: approvevolunteerhours). */
const hoursRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'hours',
  beforeLoad: (ctx) => requireScreen(ctx, 'volunteerhours'),
  component: lazyRouteComponent(() => import('../features/hours/HoursPage.tsx'), 'HoursPage'),
});

/** The read models' parked events, and their retry (admins). */
const projectionsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'projections',
  beforeLoad: (ctx) => requireScreen(ctx, 'projections'),
  component: lazyRouteComponent(() => import('../features/status/ParkedEventsPage.tsx'), 'ParkedEventsPage'),
});

/** The screens × roles matrix (the super admin edits it; others who may read it see it read only). */
const permissionsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'permissions',
  beforeLoad: (ctx) => requireScreen(ctx, 'permissions', getPermissions),
  component: lazyRouteComponent(() => import('../features/permissions/PermissionsPage.tsx'), 'PermissionsPage'),
});

/** Events (spec section 2): the public list and map, and one event's details; visitors too. */
const eventsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events',
  validateSearch: validateEventsSearch,
  component: lazyRouteComponent(() => import('../features/opportunities/EventsPage.tsx'), 'EventsPage'),
});

/** The same list with the status fixed: ongoing (status 2, "today's events" for one client) and closed (3). */
const ongoingEventsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events/ongoing',
  validateSearch: validateFixedStatusSearch,
  component: lazyRouteComponent(() => import('../features/opportunities/EventsPage.tsx'), 'OngoingEventsPage'),
});

const closedEventsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events/closed',
  validateSearch: validateFixedStatusSearch,
  component: lazyRouteComponent(() => import('../features/opportunities/EventsPage.tsx'), 'ClosedEventsPage'),
});

/** A month of public events (?month=YYYY-MM), in the ar-EG date culture in Arabic. */
const eventsCalendarRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events/calendar',
  validateSearch: validateCalendarSearch,
  component: lazyRouteComponent(() => import('../features/opportunities/CalendarPage.tsx'), 'CalendarPage'),
});

/** A signed-in volunteer's private events (spec: private events info), and one of them (private events info details). */
const privateEventsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events/private',
  validateSearch: validatePrivateEventsSearch,
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(() => import('../features/opportunities/PrivateEventsPage.tsx'), 'PrivateEventsPage'),
});

const privateEventDetailRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events/private/$id',
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(
    () => import('../features/opportunities/EventDetailPage.tsx'),
    'PrivateEventDetailPage',
  ),
});

const eventDetailRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events/$id',
  component: lazyRouteComponent(() => import('../features/opportunities/EventDetailPage.tsx'), 'EventDetailPage'),
});

/** Staff: the events to manage, creation, approval, and one event's roster. */
const manageEventsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events/manage',
  beforeLoad: (ctx) => requireScreen(ctx, 'eventsadmin'),
  component: lazyRouteComponent(
    () => import('../features/opportunities/manage/ManageEventsPage.tsx'),
    'ManageEventsPage',
  ),
});

const manageEventRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'events/manage/$id',
  beforeLoad: (ctx) => requireScreen(ctx, 'eventsadmin'),
  component: lazyRouteComponent(
    () => import('../features/opportunities/manage/ManageEventPage.tsx'),
    'ManageEventPage',
  ),
});

/** Surveys (staff): the list with its approval filter, the builder, and one survey's results. */
const surveysRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'surveys',
  beforeLoad: (ctx) => requireScreen(ctx, 'surveys'),
  component: lazyRouteComponent(() => import('../features/surveys/SurveysPage.tsx'), 'SurveysPage'),
});
const surveyBuilderRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'surveys/new',
  beforeLoad: (ctx) => requireScreen(ctx, 'surveys'),
  component: lazyRouteComponent(() => import('../features/surveys/SurveyBuilderPage.tsx'), 'SurveyBuilderPage'),
});
const surveyResultsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'surveys/$id/results',
  beforeLoad: (ctx) => requireScreen(ctx, 'surveys'),
  component: lazyRouteComponent(() => import('../features/surveys/SurveyResultsPage.tsx'), 'SurveyResultsPage'),
});
/** The volunteer's surveys (screen SurveyMandatory), answering one, and the mail's tokenised link. */
const mySurveysRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'my-surveys',
  beforeLoad: (ctx) => requireScreen(ctx, 'surveymandatory'),
  component: lazyRouteComponent(() => import('../features/surveys/MySurveysPage.tsx'), 'MySurveysPage'),
});
const answerSurveyRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'my-surveys/$id',
  beforeLoad: (ctx) => requireScreen(ctx, 'surveymandatory'),
  component: lazyRouteComponent(() => import('../features/surveys/AnswerSurveyPage.tsx'), 'AnswerSurveyPage'),
});
const surveyLinkRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'survey',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  beforeLoad: (ctx) => requireScreen(ctx, 'surveymandatory'),
  component: lazyRouteComponent(() => import('../features/surveys/SurveyLinkPage.tsx'), 'SurveyLinkPage'),
});

/** The volunteer's invitations, current and past events. */
/** The volunteer's certificates, cards, past events and contributions (features/certificates). */
const certificatesRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'certificates',
  beforeLoad: (ctx) => requireScreen(ctx, 'mycertificates'),
  component: lazyRouteComponent(() => import('../features/certificates/CertificatesPage.tsx'), 'CertificatesPage'),
});

/** Public: a certificate's verification page (its QR code's link). */
const verifyCertificateRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'verify/$id',
  component: lazyRouteComponent(() => import('../features/certificates/VerifyPage.tsx'), 'VerifyPage'),
});

const postCardRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'post-card',
  beforeLoad: (ctx) => requireScreen(ctx, 'postcard'),
  component: lazyRouteComponent(() => import('../features/certificates/PostCardPage.tsx'), 'PostCardPage'),
});

const myEventsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'my-events',
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(() => import('../features/my-events/MyEventsPage.tsx'), 'MyEventsPage'),
});

/** The volunteer's own tickets, suggestions and contact requests (screen `tickets`). */
const ticketsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'tickets',
  validateSearch: validateTicketsSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'tickets'),
  component: lazyRouteComponent(() => import('../features/tickets/TicketsPages.tsx'), 'MyTicketsPage'),
});

/** Staff's tickets across volunteers (screen `ticketsadmin`). */
const staffTicketsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'tickets/manage',
  validateSearch: validateTicketsSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'ticketsadmin'),
  component: lazyRouteComponent(() => import('../features/tickets/TicketsPages.tsx'), 'StaffTicketsPage'),
});

/** The volunteer's own first-responder request (screen `myfirstresponder`). */
const myFirstResponderRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'first-responder',
  beforeLoad: (ctx) => requireScreen(ctx, 'myfirstresponder'),
  component: lazyRouteComponent(
    () => import('../features/first-responders/MyFirstResponderPage.tsx'),
    'MyFirstResponderPage',
  ),
});

/** The responder admin's requests, approved and rejected lists (screen `firstresponder`). */
const firstRespondersRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'first-responders',
  beforeLoad: (ctx) => requireScreen(ctx, 'firstresponder'),
  component: lazyRouteComponent(
    () => import('../features/first-responders/FirstRespondersPage.tsx'),
    'FirstRespondersPage',
  ),
});

/** One ticket: the creator's (by the API's rules) or one in a staff member's scope. */
const ticketRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'tickets/$id',
  beforeLoad: (ctx) => {
    requireUser(ctx);
  },
  component: lazyRouteComponent(() => import('../features/tickets/TicketPage.tsx'), 'TicketPage'),
});

/** Event initiatives (screen `initiatives`): one's own proposals, or all of them for those who decide. */
const initiativesRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'initiatives',
  validateSearch: validateInitiativesSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'initiatives'),
  component: lazyRouteComponent(() => import('../features/initiatives/InitiativesPage.tsx'), 'InitiativesPage'),
});

/** Event reports (screen `statistics`): the list with the summary, and one event's report; both as of a day. */
const reportsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'reports',
  validateSearch: validateReportsSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'statistics'),
  component: lazyRouteComponent(() => import('../features/reports/ReportsPage.tsx'), 'ReportsPage'),
});
const eventReportRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'reports/$id',
  validateSearch: validateAsOfSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'statistics'),
  component: lazyRouteComponent(() => import('../features/reports/EventReportPage.tsx'), 'EventReportPage'),
});

/** Statistics (screen `statistics`): the dashboard statistics, the other statistics pages and the KPI comparison. */
const statisticsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'statistics',
  beforeLoad: (ctx) => requireScreen(ctx, 'statistics'),
  component: lazyRouteComponent(() => import('../features/statistics/StatisticsPage.tsx'), 'StatisticsPage'),
});

/** Approving an initiative into a draft event (the API checks Approve and the events' Add). */
const approveInitiativeRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'initiatives/$id/approve',
  beforeLoad: (ctx) => requireScreen(ctx, 'eventsadmin'),
  component: lazyRouteComponent(
    () => import('../features/initiatives/ApproveInitiativePage.tsx'),
    'ApproveInitiativePage',
  ),
});

/** The mail list, public: subscribe, and the two links of its mails (confirm, unsubscribe). */
const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {};
const subscribeRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'subscribe',
  component: lazyRouteComponent(() => import('../features/subscriptions/SubscriptionPages.tsx'), 'SubscribePage'),
});
const confirmSubscriptionRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'subscribe/confirm',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(
    () => import('../features/subscriptions/SubscriptionPages.tsx'),
    'ConfirmSubscriptionPage',
  ),
});
const unsubscribeRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'unsubscribe',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('../features/subscriptions/SubscriptionPages.tsx'), 'UnsubscribePage'),
});

/** Master data: the mail list's subscribers (a static path: it wins over /master-data/$kind). */
const mailSubscriptionsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'master-data/mail-subscriptions',
  beforeLoad: (ctx) => requireScreen(ctx, 'masterdata'),
  component: lazyRouteComponent(
    () => import('../features/subscriptions/MailSubscriptionsPage.tsx'),
    'MailSubscriptionsPage',
  ),
});

/** The master-data lists (screen `masterdata`). */
const masterDataRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'master-data',
  beforeLoad: (ctx) => requireScreen(ctx, 'masterdata'),
  component: lazyRouteComponent(() => import('../features/master-data/MasterDataPage.tsx'), 'MasterDataPage'),
});

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

/** The users grid (screen `users`). */
const usersRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'users',
  validateSearch: validateUsersSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'users'),
  component: lazyRouteComponent(() => import('../features/users/UsersPage.tsx'), 'UsersPage'),
});

/** A new staff account (screen `users`, Add). */
const newUserRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'users/new',
  beforeLoad: (ctx) => requireScreen(ctx, 'users', 'Add'),
  component: lazyRouteComponent(() => import('../features/users/NewUserPage.tsx'), 'NewUserPage'),
});

/** One account: profile, department, areas, status, city volunteers (screen `users`). */
const userRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'users/$id',
  beforeLoad: (ctx) => requireScreen(ctx, 'users'),
  component: lazyRouteComponent(() => import('../features/users/UserPage.tsx'), 'UserPage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'not-found',
  component: () => <StatusPage kind="notFound" />,
});

const forbiddenRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'forbidden',
  component: () => <StatusPage kind="forbidden" />,
});

const unauthorizedRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'unauthorized',
  component: () => <StatusPage kind="unauthorized" />,
});

// Site content (issue 11): the admin's screens (screen `content`) and the public pages that show what is published.
const contentAdminRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'content',
  validateSearch: validateContentSearch,
  beforeLoad: (ctx) => requireScreen(ctx, 'content'),
  component: lazyRouteComponent(() => import('../features/content/ContentAdminPage.tsx'), 'ContentAdminPage'),
});
const newContentRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'content/new/$kind',
  beforeLoad: (ctx) => requireScreen(ctx, 'content', 'Add'),
  component: lazyRouteComponent(() => import('../features/content/ContentFormPage.tsx'), 'NewContentPage'),
});
const editContentRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'content/$id',
  beforeLoad: (ctx) => requireScreen(ctx, 'content'),
  component: lazyRouteComponent(() => import('../features/content/ContentFormPage.tsx'), 'EditContentPage'),
});
const newsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'news',
  validateSearch: validatePageSearch,
  component: lazyRouteComponent(() => import('../features/content/NewsPages.tsx'), 'NewsListPage'),
});
const newsDetailsRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'news/$id',
  component: lazyRouteComponent(() => import('../features/content/NewsPages.tsx'), 'NewsDetailsPage'),
});
const publicPage = <P extends string>(
  path: P,
  name:
    | 'AboutPage'
    | 'FaqPage'
    | 'TermsPage'
    | 'PrivacyPage'
    | 'MediaCenterPage'
    | 'DocumentsPage'
    | 'ExcellentVolunteersPage',
) =>
  createRoute({
    getParentRoute: () => langRoute,
    path,
    component: lazyRouteComponent(() => import('../features/content/PublicPages.tsx'), name),
  });
const aboutRoute = publicPage('about', 'AboutPage');
const faqRoute = publicPage('faq', 'FaqPage');
const termsRoute = publicPage('terms', 'TermsPage');
const privacyRoute = publicPage('privacy', 'PrivacyPage');
const mediaCenterRoute = publicPage('media-center', 'MediaCenterPage');
const documentsRoute = publicPage('documents', 'DocumentsPage');
const excellentVolunteersRoute = publicPage('excellent-volunteers', 'ExcellentVolunteersPage');
const galleryRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'gallery/$id',
  component: lazyRouteComponent(() => import('../features/content/PublicPages.tsx'), 'GalleryPage'),
});

export const routeTree = rootRoute.addChildren([
  rootIndexRoute,
  langRoute.addChildren([
    homeRoute,
    loginRoute,
    forceChangePasswordRoute,
    changePasswordRoute,
    forgotPasswordRoute,
    forgotUserNameRoute,
    resetPasswordRoute,
    dashboardRoute,
    registerRoute,
    ssoRegisterRoute,
    ssoLogoutRoute,
    userVerificationRoute,
    myRegistrationRoute,
    editRegistrationRoute,
    thankYouRoute,
    verifyEmailRoute,
    registrationsRoute,
    registrationDetailRoute,
    auditLogRoute,
    historyRoute,
    usersLogRoute,
    hoursRoute,
    projectionsRoute,
    permissionsRoute,
    eventsRoute,
    ongoingEventsRoute,
    closedEventsRoute,
    eventsCalendarRoute,
    privateEventsRoute,
    privateEventDetailRoute,
    eventDetailRoute,
    manageEventsRoute,
    manageEventRoute,
    myEventsRoute,
    ticketsRoute,
    masterDataRoute,
    masterDataKindRoute,
    staffTicketsRoute,
    ticketRoute,
    initiativesRoute,
    reportsRoute,
    eventReportRoute,
    statisticsRoute,
    approveInitiativeRoute,
    subscribeRoute,
    confirmSubscriptionRoute,
    unsubscribeRoute,
    mailSubscriptionsRoute,
    usersRoute,
    newUserRoute,
    userRoute,
    myFirstResponderRoute,
    firstRespondersRoute,
    surveysRoute,
    surveyBuilderRoute,
    surveyResultsRoute,
    mySurveysRoute,
    answerSurveyRoute,
    surveyLinkRoute,
    certificatesRoute,
    verifyCertificateRoute,
    postCardRoute,
    notFoundRoute,
    forbiddenRoute,
    unauthorizedRoute,
    contentAdminRoute,
    newContentRoute,
    editContentRoute,
    newsRoute,
    newsDetailsRoute,
    aboutRoute,
    faqRoute,
    termsRoute,
    privacyRoute,
    mediaCenterRoute,
    documentsRoute,
    excellentVolunteersRoute,
    galleryRoute,
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
