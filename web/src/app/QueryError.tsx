// Moved to web/src/components/QueryError.tsx; this path stays for the pages not yet moved onto the shared components.
export { QueryError } from '../components/QueryError.tsx';
