// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/App.tsx';
import { i18n } from '../../../app/i18n/index.ts';
import { applyDocumentLanguage } from '../../../app/language.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { resetSessionStore } from '../../../app/stores/session.ts';
import { installFakeApi } from '../../../test/fakeApi.ts';
import { EventForm } from './EventForm.tsx';

// The event form on the shared form layer: the domain's own rules (domain/opportunity/rules.ts) refuse in the
// browser what the server would, each field showing the catalogue's message; the server's issues land on fields.

vi.setConfig({ testTimeout: 20_000 });

// Leaflet needs a real browser: stand-ins for the map chunk (tests/e2e/events-map.e2e.test.ts has the real one).
vi.mock('../map/lazy.tsx', () => import('../map/standIns.ts'));

type Answer = { status: number; body: unknown };

/** The fake API, with POST /api/opportunities answering `answer` and recording what it was sent. */
function installEventsApi(answer: Answer = { status: 201, body: { opportunityId: 'ev-1', position: '7.7' } }) {
  const api = installFakeApi({ csrfToken: 'csrf-anon' });
  const fallback = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'POST' && path.startsWith('/api/opportunities')) {
      api.calls.push({ method, path, body: JSON.parse(String(init?.body)), csrf: undefined });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return fallback(input, init);
  });
  return api;
}

function show(lang: 'ar' | 'en', onCreated = vi.fn()) {
  resetSessionStore();
  useLanguageStore.setState({ lang });
  void i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
  render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <EventForm onCancel={() => {}} onCreated={onCreated} />
    </AppProviders>,
  );
  return onCreated;
}

const input = (key: string) => document.getElementById(`event-${key}`) as HTMLInputElement;
const errorText = (key: string) => document.getElementById(`event-${key}-error`)?.textContent ?? null;
const change = (key: string, value: string) => fireEvent.change(input(key), { target: { value } });
const posts = (api: ReturnType<typeof installFakeApi>) => api.calls.filter((c) => c.method === 'POST');

/** Every required field, valid, with the dates given. */
function fillRequired(start: string, end: string) {
  change('code', 'EV-9');
  change('nameAr', 'فعالية');
  change('nameEn', 'Event');
  change('maxInvitations', '10');
  change('maxContributions', '5');
  change('leadName', 'Lead');
  change('leadMobile', '0551234567');
  change('leadEmail', 'lead@example.org');
  change('startDate', start);
  change('endDate', end);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the event form on the form layer', () => {
  it('shows the catalogue message in Arabic on a missing required field, focuses it and sends nothing', async () => {
    const api = installEventsApi();
    show('ar');
    fireEvent.click(screen.getByTestId('event-save'));
    expect(await screen.findByTestId('form-issues')).toBeTruthy();
    // The code is required (AllFieldsRequired), the lead's mobile has its own code: both in Arabic, tied to the input.
    expect(errorText('code')).toBe('يرجى تعبئة جميع الحقول المطلوبة.');
    expect(input('code').getAttribute('aria-invalid')).toBe('true');
    expect(input('code').getAttribute('aria-describedby')).toContain('event-code-error');
    expect(errorText('leadMobile')).toBe(i18n.t('EventLeadMobileRequired'));
    expect(errorText('maxInvitations')).toBe(i18n.t('InvalidCount'));
    expect(document.activeElement).toBe(input('code'));
    expect(posts(api)).toEqual([]);

    // Typing into the field forgets its issue; the others stay.
    change('code', 'EV-9');
    await waitFor(() => expect(errorText('code')).toBeNull());
    expect(input('code').getAttribute('aria-invalid')).toBeNull();
    expect(errorText('leadMobile')).not.toBeNull();
  });

  it('refuses an end date before the start, then sends the event once the dates are right', async () => {
    const api = installEventsApi();
    const onCreated = show('en');
    fillRequired('2026-12-05', '2026-12-01');
    fireEvent.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(errorText('endDate')).toBe(i18n.t('InvalidEventDates')));
    expect(errorText('startDate')).toBeNull();
    expect(document.activeElement).toBe(input('endDate'));
    expect(posts(api)).toEqual([]);

    change('endDate', '2026-12-07');
    fireEvent.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]?.body).toMatchObject({ code: 'EV-9', startDate: '2026-12-05', endDate: '2026-12-07' });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('ev-1', { nameAr: 'فعالية', nameEn: 'Event' }));
    expect(screen.queryByTestId('form-issues')).toBeNull();
  });

  it('puts the issues of a refusal by the server on their fields', async () => {
    const api = installEventsApi({
      status: 422,
      body: {
        error: {
          code: 'ValidationFailed',
          message: 'x',
          details: { issues: [{ path: 'leadEmail', code: 'InvalidEmail' }] },
        },
      },
    });
    show('ar');
    fillRequired('2026-12-01', '2026-12-02');
    fireEvent.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(errorText('leadEmail')).toBe(i18n.t('InvalidEmail')));
    expect(i18n.t('InvalidEmail')).toMatch(/[\u0600-\u06FF]/);
    expect(posts(api)).toHaveLength(1);
    expect(screen.getByTestId('form-issues')).toBeTruthy();
  });
});
