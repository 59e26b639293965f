// The public surface of features/audit: other features import only what this file exports (architecture.test.ts).

export { HistoryTab } from './HistoryTab.tsx';
