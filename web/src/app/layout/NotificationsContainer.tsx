// Mantine's notification container alone, for App.tsx to load on first use (a dynamic import of the package itself
// would not split it: other modules import the package's `notifications` statically).
export { Notifications } from '@mantine/notifications';
