// The public surface of features/reports for other features: the volunteer's own dashboard widgets.
export { VolunteerDashboard } from './VolunteerDashboard.tsx';
