// The public surface of features/review: other features import only what this file exports (architecture.test.ts).

export { GridRow, gridQuery } from './api.ts';
export { ChangesTable } from './ChangesTable.tsx';
export { actionLabel, translated, visibleInHistory } from './changes.ts';
export { actorName, formatWhen, personName } from './format.ts';
