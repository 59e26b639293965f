import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  getPrimaryShade,
  isVirtualColor,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { AA_TEXT, contrastRatio } from './contrast.ts';

/**
 * A deep green primary. Filled buttons use shade 7 (#0c6a4c): white text on it is 6.6:1, and shade 8 (hover)
 * 8.3:1, both above WCAG AA's 4.5:1. Mantine's default blue-6 is only 3.6:1.
 */
const brand: MantineColorsTuple = [
  '#e7f5f0',
  '#c9e8dc',
  '#97d3bd',
  '#62bc9b',
  '#36a47d',
  '#1d8e68',
  '#127a58',
  '#0c6a4c',
  '#085a40',
  '#054a34',
];

/**
 * Fonts come from the device (no web-font download). The stacks themselves live in app.css as
 * --app-font-family, switched by :lang() so Latin text in English does not fall back to an Arabic serif.
 */
type Shade = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** The first shade from `from` to 9 whose colour passes `ok`; null when even the darkest does not. */
function firstShade(tuple: MantineColorsTuple, from: number, ok: (colour: string) => boolean): Shade | null {
  for (let s = Math.max(0, from); s <= 9; s++) if (ok(tuple[s] as string)) return s as Shade;
  return null;
}

/**
 * Mantine's variant colours with WCAG AA text for every theme colour and shade, so no component can pick an
 * unreadable pair: its "light" variant with a shade (color="brand.9") paints the text in the light colour on that
 * very shade (green on green). Here the light variants take the palette's lightest tint as background and the
 * asked shade, darkened until it reads at 4.5:1; filled ones darken their background until white text does.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const { theme, variant } = input;
  const parsed = parseThemeColor({ color: input.color ?? theme.primaryColor, theme });
  const tuple = parsed.isThemeColor ? theme.colors[parsed.color] : undefined;
  if (!tuple || isVirtualColor(tuple)) return base;
  const shade = parsed.shade ?? getPrimaryShade(theme, 'light');
  const v = (s: number) => `var(--mantine-color-${parsed.color}-${s})`;
  const white = theme.white;
  // Palettes too light for white text even at shade 9 (yellow, lime, green…) take black text on the asked shade.
  const black = 'var(--mantine-color-black)';
  switch (variant) {
    case 'filled': {
      const s = firstShade(tuple, shade, (c) => contrastRatio(white, c) >= AA_TEXT);
      if (s === null) return { ...base, background: v(shade), hover: v(Math.max(shade - 1, 0)), color: black };
      return { ...base, background: v(s), hover: v(Math.min(s + 1, 9)), color: 'var(--mantine-color-white)' };
    }
    case 'light': {
      // Readable on the tint and on the hover tint.
      const s = firstShade(
        tuple,
        Math.max(shade, 6),
        (c) => contrastRatio(c, tuple[0]) >= AA_TEXT && contrastRatio(c, tuple[1]) >= AA_TEXT,
      );
      return { ...base, background: v(0), hover: v(1), color: s === null ? black : v(s) };
    }
    case 'outline':
    case 'subtle':
    case 'transparent': {
      const s = firstShade(tuple, shade, (c) => contrastRatio(c, white) >= AA_TEXT);
      const text = s === null ? black : v(s);
      return { ...base, color: text, ...(variant === 'outline' ? { border: `1px solid ${text}` } : {}) };
    }
    default:
      return base;
  }
};

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'var(--app-font-family)',
  headings: { fontFamily: 'var(--app-font-family)' },
  defaultRadius: 'md',
  // Visible focus for keyboard users on every focusable Mantine element.
  focusRing: 'auto',
  variantColorResolver,
});

/**
 * Mantine's light-scheme error (red-6, 3.3:1) and dimmed (gray-6, 3.3:1) text fail AA on white;
 * red-9 (5.5:1) and gray-7 (8.2:1) pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
