/** WCAG 2 contrast of two opaque colours written as #rgb, #rrggbb or rgb()/rgba() (as getComputedStyle gives them). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(parseColour(a)), relativeLuminance(parseColour(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;

export type Rgba = [number, number, number, number];

export function parseColour(colour: string): Rgba {
  const c = colour.trim().toLowerCase();
  if (c.startsWith('#')) {
    const hex = c.length === 4 ? [...c.slice(1)].map((x) => x + x).join('') : c.slice(1, 7);
    return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const m = c.match(/^rgba?\(([^)]+)\)$/);
  if (!m?.[1]) throw new Error(`not a colour: ${colour}`);
  const parts = m[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

/** A translucent colour over an opaque one (how a light badge's tinted background looks on its card). */
export function over(top: Rgba, below: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => Math.round((top[i] ?? 0) * a + (below[i] ?? 0) * (1 - a))).concat(1) as Rgba;
}

export const rgbText = (c: Rgba) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;

function relativeLuminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
