// The public surface of features/recovery: other features import only what this file exports (architecture.test.ts).

export { regenerateVerification } from './api.ts';
