import { Svg } from '../app/layout/icons.tsx';

/** The sort state of a grid column, drawn next to its header (decorative: the header carries aria-sort). */
export function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <Svg size={14} strokeWidth={2.5} className="grid-sort-icon" data-direction={direction || 'none'}>
      {direction !== 'desc' && <path d="M7 10l5-5 5 5" opacity={direction === 'asc' ? 1 : 0.45} />}
      {direction !== 'asc' && <path d="M7 14l5 5 5-5" opacity={direction === 'desc' ? 1 : 0.45} />}
    </Svg>
  );
}
