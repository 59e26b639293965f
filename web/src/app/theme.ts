import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'var(--app-font-family)',
  headings: { fontFamily: 'var(--app-font-family)' },
  defaultRadius: 'md',
  // Visible focus for keyboard users on every focusable Mantine element.
  focusRing: 'auto',
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
