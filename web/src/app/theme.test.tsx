// @vitest-environment happy-dom
import { DEFAULT_THEME, type MantineColorsTuple, mergeMantineTheme, type VariantColorsResolver } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ParticipationStatus } from '../../../domain/participation/status.ts';
import { RegistrationStatus } from '../../../domain/registration/status.ts';
import { EventStatusBadge, ParticipationBadge } from '../components/badges.tsx';
import { StatusBadge } from '../features/registration/StatusBadge.tsx';
import { AppProviders, createQueryClient } from './App.tsx';
import { AA_TEXT, contrastRatio, over, parseColour, rgbText } from './contrast.ts';
import { theme, variantColorResolver } from './theme.ts';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const PAGE = full.white; // the light scheme's page and card background

/** A CSS value as the browser would paint it: theme colour variables resolved, translucent colours laid on the page. */
function paint(value: string): string {
  const v = value.trim();
  const ref = v.match(/^var\(--mantine-color-([a-z]+)-(\d)\)$/);
  if (ref?.[1] && ref[2]) return (full.colors[ref[1]] as MantineColorsTuple)[Number(ref[2])] as string;
  if (v === 'var(--mantine-color-white)') return full.white;
  if (v === 'var(--mantine-color-black)') return full.black;
  if (v === 'transparent') return PAGE;
  return rgbText(over(parseColour(v), parseColour(PAGE)));
}

const VARIANTS = ['filled', 'light', 'outline', 'subtle', 'transparent'] as const;
const resolve: VariantColorsResolver = variantColorResolver;

describe('the theme’s variant colours', () => {
  it.each(VARIANTS)('give every theme colour and shade readable text, variant %s', (variant) => {
    const failures: string[] = [];
    for (const name of Object.keys(full.colors)) {
      for (const shade of [undefined, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
        const color = shade === undefined ? name : `${name}.${shade}`;
        const c = resolve({ color, variant, theme: full });
        const ratio = contrastRatio(paint(c.color ?? ''), paint(c.background ?? 'transparent'));
        if (ratio < AA_TEXT) failures.push(`${color}: ${ratio.toFixed(2)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

afterEach(cleanup);

/** Renders a badge and computes its text-on-background contrast from the style Mantine gave the element. */
function badgeContrast(node: ReactNode): number {
  const view = render(<AppProviders queryClient={createQueryClient()}>{node}</AppProviders>);
  const badge = view.container.querySelector<HTMLElement>('.mantine-Badge-root');
  if (!badge) throw new Error('no badge rendered');
  const style = badge.style; // Mantine writes the variant's colours as custom properties on the element
  const ratio = contrastRatio(
    paint(style.getPropertyValue('--badge-color')),
    paint(style.getPropertyValue('--badge-bg')),
  );
  view.unmount();
  return ratio;
}

describe('every status badge', () => {
  const cases: [string, ReactNode][] = [
    ...Object.values(RegistrationStatus).map((s): [string, ReactNode] => [
      `registration ${s}`,
      <StatusBadge key={s} status={s} />,
    ]),
    ...Object.values(ParticipationStatus).map((s): [string, ReactNode] => [
      `participation ${s}`,
      <ParticipationBadge key={s} status={s} />,
    ]),
    ...[0, 2, 3, 4].flatMap((s): [string, ReactNode][] => [
      [`event ${s}`, <EventStatusBadge key={s} status={s} />],
      [`event ${s} (light)`, <EventStatusBadge key={`l${s}`} status={s} variant="light" />],
    ]),
  ];
  it.each(cases)('%s reads at 4.5:1 or more', (_name, node) => {
    expect(badgeContrast(node)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
