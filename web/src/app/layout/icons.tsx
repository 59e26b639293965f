import type { SVGProps } from 'react';

/** A few inline icons (no icon package). All decorative: the text next to them carries the meaning. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The frame every icon draws in: 24-unit stroke paths, hidden from assistive technology. */
export function Svg({ size = 18, children, ...rest }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** A path's `d`, or a circle. */
type Shape = string | { cx: number; cy: number; r: number };

/** An icon drawn by these shapes in the shared frame (`className`: `mirror-rtl` for one that points in reading order). */
function icon(shapes: readonly Shape[], className?: string) {
  // Called once per icon at the module's top level, so each icon is one stable component.
  return (props: IconProps) => (
    <Svg className={className} {...props}>
      {shapes.map((x) => (typeof x === 'string' ? <path key={x} d={x} /> : <circle key={`${x.cx} ${x.cy}`} {...x} />))}
    </Svg>
  );
}

export const ChevronDownIcon = icon(['M6 9l6 6 6-6']);
/** Points "back" in reading order: drawn for left-to-right and mirrored by .mirror-rtl in Arabic. */
export const ArrowBackIcon = icon(['M19 12H5M11 18l-6-6 6-6'], 'mirror-rtl');
/** Points "forward" in reading order: mirrored in Arabic like ArrowBackIcon. */
export const ArrowForwardIcon = icon(['M5 12h14M13 6l6 6-6 6'], 'mirror-rtl');
export const CheckIcon = icon(['M5 12l5 5L20 7']);
export const CrossIcon = icon(['M18 6L6 18M6 6l12 12']);
export const GlobeIcon = icon([{ cx: 12, cy: 12, r: 9 }, 'M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18']);
export const UserIcon = icon([{ cx: 12, cy: 8, r: 4 }, 'M4 21a8 8 0 0 1 16 0']);
/** A bell (the notifications button's label carries the meaning and the count). */
export const BellIcon = icon(['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0']);
