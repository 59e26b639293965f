import { loginLogProjection } from './account/login-log.ts';
import { ownedOpportunitiesProjection } from './account/owned-opportunities.ts';
import { usersProjection } from './account/users.ts';
import { auditLogProjection } from './audit/audit-log.ts';
import { certificatesProjection } from './certificates/certificates.ts';
import { contentProjection } from './content/content.ts';
import { firstRespondersProjection } from './firstresponder/first-responders.ts';
import { initiativesProjection } from './initiatives/initiatives.ts';
import { lookupsProjection } from './lookups/lookups.ts';
import { notificationsProjection } from './notifications/notifications.ts';
import { opportunitiesProjection } from './opportunity/opportunities.ts';
import { participationsProjection } from './opportunity/participations.ts';
import { rolePermissionsProjection } from './permissions/role-permissions.ts';
import { practitionersProjection } from './practitioner/practitioners.ts';
import { registrationsProjection } from './registration/registrations.ts';
import { eventReportsProjection } from './reports/event-reports.ts';
import type { Projection } from './runner/projection.ts';
import { statisticsProjection } from './statistics/statistics.ts';
import { subscriptionsProjection } from './subscriptions/subscriptions.ts';
import { surveysProjection } from './surveys/surveys.ts';
import { ticketsProjection } from './tickets/tickets.ts';

/** Every read model the portal runs. */
export const projections: readonly Projection[] = [
  usersProjection,
  loginLogProjection,
  registrationsProjection,
  auditLogProjection,
  opportunitiesProjection,
  participationsProjection,
  notificationsProjection,
  rolePermissionsProjection,
  lookupsProjection,
  ticketsProjection,
  surveysProjection,
  certificatesProjection,
  initiativesProjection,
  subscriptionsProjection,
  ownedOpportunitiesProjection,
  firstRespondersProjection,
  practitionersProjection,
  eventReportsProjection,
  contentProjection,
  statisticsProjection,
];
