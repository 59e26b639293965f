// The public surface of features/my-events: other features import only what this file exports (architecture.test.ts).

export { incidentIssue } from './IncidentForm.tsx';
export { useInvitationsStream } from './useInvitationsStream.ts';
