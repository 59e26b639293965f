/** The sort state of a grid column, drawn next to its header (decorative: the header carries aria-sort). */
export function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="grid-sort-icon"
      data-direction={direction || 'none'}
    >
      {direction !== 'desc' && <path d="M7 10l5-5 5 5" opacity={direction === 'asc' ? 1 : 0.45} />}
      {direction !== 'asc' && <path d="M7 14l5 5 5-5" opacity={direction === 'desc' ? 1 : 0.45} />}
    </svg>
  );
}
