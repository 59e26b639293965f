// Moved to web/src/components/Pager.tsx; this path stays for the pages not yet moved onto the shared components.
export { Pager } from '../components/Pager.tsx';
