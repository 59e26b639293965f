/** The role the application runs as: SELECT and INSERT on the event log only (docs/architecture.md, "Append-only"). */
export const APP_ROLE = 'portal_app';
