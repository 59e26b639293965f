/**
 * One table of per-client behaviour (spec: "Behaviour differs per client code"). Code reads a flag from here;
 * nothing else in the project compares client codes.
 */
export const ClientCodes = ['MOH', 'SRCA', 'NEOM'] as const;
export type ClientCode = (typeof ClientCodes)[number];
export const DEFAULT_CLIENT: ClientCode = 'MOH';

export interface ClientConfig {
  code: ClientCode;
  /** Numeric mapping seen in the spec: 6 health ministry, 5 red crescent, 2 giga-project. */
  numericCode: number;
  name: { ar: string; en: string };
  /** Which home view to show (web/src/features/home/HomePage.tsx: its sections and their order). */
  homeView: 'ministry' | 'crescent' | 'gigaproject';
  /**
   * Which login view to show (web/src/features/session/LoginPage.tsx). 'sso-first': the national single sign-on
   * leads and the user-name form follows (the clients whose volunteers' national identity is verified: their
   * identity is the national one); 'standard': the user-name form leads, the single sign-on is offered below it.
   * Either shows the single sign-on only where the deployment has one (HasSingleSignOn).
   */
  loginView: 'standard' | 'sso-first';
  /** Registration form variant: 'full' (fuller) or 'light' (lighter). */
  registrationVariant: 'full' | 'light';
  /** Id-number pattern of the variant (spec 5: ^(10|11|20-26)+8 digits vs ^(4|10-13|20-26)+8 digits). */
  idNumberPattern: RegExp;
  /** Mobile prefix rule: '05' or '0or5'. */
  mobilePrefix: '05' | '0or5';
  thankYouTextKey: 'ThankYouDefault' | 'ThankYouNeom';
  /** MOH: viewing event details requires login. */
  eventDetailsRequireLogin: boolean;
  /** NEOM: a volunteer with incomplete info goes to edit registration before joining. */
  editRegistrationBeforeJoin: boolean;
  /** National-identity verification (InvalidNIC outcome); off for the giga-project client. */
  identityVerification: boolean;
  /** COVID-contact status field (MOH only; forced 0 elsewhere). */
  covidContactField: boolean;
  /** Employee fields and company-domain e-mail rule. */
  employeeFields: boolean;
  companyEmailDomain: string | null;
  /** Status 2 label: "today's events" for the giga-project client. */
  activeEventsLabelKey: 'EventStatusActive' | 'EventStatusToday';
  /**
   * The create-event year allowance applies to one client only: with it, an event may be created starting on any day
   * of the current calendar year that has not ended, without the three days' lead (domain/opportunity/rules.ts,
   * withinYearAllowance; the reading is ours, docs/architecture.md says why).
   */
  createEventYearAllowance: boolean;
  /**
   * Spec: "one client adds an activity check every 180000 ms": how often the web asks whether the session is still
   * valid (ended elsewhere, deactivated, expired); null: no check. The spec does not name the client (docs).
   */
  activityCheckMs: number | null;
  /** Red crescent: a first-responder request carries an employee code, checked with the HR system (ValidateEmployeeCode). */
  firstResponderEmployeeCode: boolean;
  /**
   * Spec: "Default client category 1": the user category a registration gets where the form does not ask for one
   * (the lighter variant has no category field).
   */
  defaultCategoryId: number;
}

/** What a client has unless it says otherwise below (each client names only where it differs). */
const USUAL: Omit<ClientConfig, 'code' | 'numericCode' | 'name' | 'homeView'> = {
  loginView: 'sso-first',
  registrationVariant: 'full',
  idNumberPattern: /^(10|11|2[0-6])\d{8}$/,
  mobilePrefix: '05',
  thankYouTextKey: 'ThankYouDefault',
  eventDetailsRequireLogin: false,
  editRegistrationBeforeJoin: false,
  identityVerification: true,
  covidContactField: false,
  employeeFields: true,
  companyEmailDomain: null,
  activeEventsLabelKey: 'EventStatusActive',
  createEventYearAllowance: false,
  activityCheckMs: null,
  firstResponderEmployeeCode: false,
  defaultCategoryId: 1,
};

export const CLIENTS: Record<ClientCode, ClientConfig> = {
  MOH: {
    ...USUAL,
    code: 'MOH',
    numericCode: 6,
    name: { ar: 'وزارة الصحة', en: 'Ministry of Health' },
    homeView: 'ministry',
    eventDetailsRequireLogin: true,
    covidContactField: true,
    employeeFields: false,
    activityCheckMs: 180_000,
  },
  SRCA: {
    ...USUAL,
    code: 'SRCA',
    numericCode: 5,
    name: { ar: 'هيئة الهلال الأحمر السعودي', en: 'Saudi Red Crescent Authority' },
    homeView: 'crescent',
    createEventYearAllowance: true,
    firstResponderEmployeeCode: true,
  },
  NEOM: {
    ...USUAL,
    code: 'NEOM',
    numericCode: 2,
    name: { ar: 'نيوم', en: 'NEOM' },
    homeView: 'gigaproject',
    loginView: 'standard',
    registrationVariant: 'light',
    idNumberPattern: /^(4|1[0-3]|2[0-6])\d{8}$/,
    mobilePrefix: '0or5',
    thankYouTextKey: 'ThankYouNeom',
    editRegistrationBeforeJoin: true,
    identityVerification: false,
    companyEmailDomain: 'neom.com',
    activeEventsLabelKey: 'EventStatusToday',
  },
};

export function clientConfig(code: string | undefined): ClientConfig {
  const key = (code ?? DEFAULT_CLIENT).toUpperCase();
  if (!(ClientCodes as readonly string[]).includes(key)) {
    throw new Error(`Unknown CLIENT_CODE "${code}"; expected one of ${ClientCodes.join(', ')}`);
  }
  return CLIENTS[key as ClientCode];
}
