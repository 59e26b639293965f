/**
 * The database type of code that spans several read models' tables or the application's own schemas (the runner,
 * the session and credential stores). Reads of one projection use that projection's own interface
 * (projections/<word>/queries.ts) instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one place the untyped database is named
export type AnyDB = any;
