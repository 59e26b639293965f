import type { AccountDB } from './account/queries.ts';
import type { AuditDB } from './audit/queries.ts';
import type { CertificatesDB } from './certificates/queries.ts';
import type { ContentDB } from './content/queries.ts';
import type { ExportProgressDB } from './exports/progress.ts';
import type { FirstRespondersDB } from './firstresponder/queries.ts';
import type { InitiativesDB } from './initiatives/queries.ts';
import type { LookupsDB } from './lookups/queries.ts';
import type { NotificationsDB } from './notifications/queries.ts';
import type { OpportunityDB } from './opportunity/queries.ts';
import type { PermissionsDB } from './permissions/queries.ts';
import type { PractitionersDB } from './practitioner/queries.ts';
import type { RegistrationsDB } from './registration/queries.ts';
import type { ReportsDB } from './reports/queries.ts';
import type { RunnerDB } from './runner/projection.ts';
import type { StatisticsDB } from './statistics/queries.ts';
import type { SubscriptionsDB } from './subscriptions/queries.ts';
import type { SurveysDB } from './surveys/queries.ts';
import type { TicketsDB } from './tickets/queries.ts';

/** Each folder's tables (its `XDB` interface); a new projection folder adds its interface here. */
type Folders = [
  AccountDB,
  AuditDB,
  CertificatesDB,
  ContentDB,
  ExportProgressDB,
  FirstRespondersDB,
  InitiativesDB,
  LookupsDB,
  NotificationsDB,
  OpportunityDB,
  PermissionsDB,
  PractitionersDB,
  RegistrationsDB,
  ReportsDB,
  RunnerDB,
  StatisticsDB,
  SubscriptionsDB,
  SurveysDB,
  TicketsDB,
];

type Intersection<L> = L extends [infer Head, ...infer Rest] ? Head & Intersection<Rest> : unknown;

/**
 * Every table the read side reads, as one Kysely database type: the API's `deps.db` and the runtime's. Each folder's
 * interface types its own tables in full; a table another folder owns is typed there as a `Pick` of the owner's row,
 * so no column gets two types. A query takes `Kysely<ItsFolderDB>`, to which a `Kysely<ReadModels>` is assignable.
 */
export type ReadModels = Intersection<Folders>;

type Same<X, Y> = (<G>() => G extends X ? 1 : 2) extends <G>() => G extends Y ? 1 : 2 ? true : false;
/** The columns of a row typed otherwise than in the composed row. */
type RowDisagreements<Row, Composed> = {
  [C in keyof Row]: C extends keyof Composed ? (Same<Row[C], Composed[C]> extends true ? never : C) : C;
}[keyof Row];
/** The tables of a folder with a column another folder types differently. */
type Disagreements<D> = {
  [T in keyof D]: T extends keyof ReadModels
    ? [RowDisagreements<D[T], ReadModels[T]>] extends [never]
      ? never
      : T
    : never;
}[keyof D];
type MustBeNever<T extends never> = T;
type EachFolder<L> = L extends [infer Head, ...infer Rest] ? Disagreements<Head> | EachFolder<Rest> : never;
/** Fails to compile, naming the table, when two folders type one column differently: make one `Pick` the owner's. */
export type NoDisagreements = MustBeNever<EachFolder<Folders>>;
