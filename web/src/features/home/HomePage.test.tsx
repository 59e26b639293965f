// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClientCode } from '../../../../domain/shared/clients.ts';
import { appPerTest } from '../../test/appPerTest.ts';
import { contentItem, servePublicContent } from '../../test/contentItems.ts';
import { installFakeApi } from '../../test/fakeApi.ts';

// Each client's home view (the client table's homeView): its own parts in its own order, with the slides its admins
// published; the whole app with a fake API behind fetch.

vi.setConfig({ testTimeout: 20_000 });

const app = appPerTest();

/** The fake API for a client, answering the home's reads: `slides` published slides, one news item, no events. */
function openHome(clientCode: ClientCode, slides: number) {
  installFakeApi({ clientCode });
  servePublicContent((kind) =>
    kind === 'slide'
      ? Array.from({ length: slides }, (_, i) => contentItem(i + 1))
      : kind === 'news'
        ? [contentItem(100, { kind: 'news', titleEn: 'Campaign news', titleAr: 'خبر الحملة' })]
        : [],
  );
  app.open('/en');
}

/** The home's parts in the page's order, by their test ids. */
function parts(view: HTMLElement): string[] {
  const ids = ['home-slides', 'home-counters', 'latest-news', 'home-events-0', 'home-events-2'];
  return Array.from(view.querySelectorAll('[data-testid]'))
    .map((e) => e.getAttribute('data-testid') ?? '')
    .filter((id) => ids.includes(id));
}

describe('the home view of each client', () => {
  it("leads the red-crescent home with its admins' slides, then the news; the counters come after the events", async () => {
    openHome('SRCA', 7);
    const view = await screen.findByTestId('home-crescent', {}, { timeout: 10_000 });
    expect(await within(view).findByRole('heading', { level: 1, name: 'Saudi Red Crescent Authority' })).toBeTruthy();
    const slides = await screen.findByTestId('home-slides');
    expect(slides.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(7);
    // The first is the one in view (the others hidden from assistive technology until they come in).
    expect(within(slides).getByRole('group', { name: 'Slide 1 of 7' }).textContent).toContain('Slide 1');
    await screen.findByTestId('home-counters');
    await screen.findByText('Campaign news');
    expect(parts(view)).toEqual(['home-slides', 'latest-news', 'home-events-0', 'home-events-2', 'home-counters']);
  });

  it.each([
    ['MOH', 'ministry', ['home-slides', 'home-counters', 'latest-news', 'home-events-0', 'home-events-2']],
    ['NEOM', 'gigaproject', ['home-slides', 'home-events-0', 'home-events-2', 'latest-news']],
  ] as const)(
    'shows the %s home (%s) its parts in its order, the giga-project one without counters',
    async (code, view, order) => {
      openHome(code, 2);
      const home = await screen.findByTestId(`home-${view}`, {}, { timeout: 10_000 });
      await screen.findByTestId('home-slides');
      await screen.findByText('Campaign news');
      expect(parts(home)).toEqual(order);
    },
  );

  it('shows no slideshow where no slide is published', async () => {
    openHome('SRCA', 0);
    await screen.findByTestId('home-crescent', {}, { timeout: 10_000 });
    await screen.findByText('Campaign news');
    expect(screen.queryByTestId('home-slides')).toBeNull();
  });
});
