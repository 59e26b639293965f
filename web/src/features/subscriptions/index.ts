// The public surface of features/subscriptions: other features import only what this file exports (architecture.test.ts).

export { SubscribeForm } from './SubscribeForm.tsx';
