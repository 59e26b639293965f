// The public surface of features/users: other features import only what this file exports (architecture.test.ts).

export { NoDepartmentNotice } from './NoDepartmentNotice.tsx';
