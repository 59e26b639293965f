// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/App.tsx';
import { i18n } from '../../../app/i18n/index.ts';
import { applyDocumentLanguage } from '../../../app/language.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { resetSessionStore } from '../../../app/stores/session.ts';
import { installFakeApi } from '../../../test/fakeApi.ts';
import type { EventDetail } from '../api.ts';
import { EventDetailView } from '../EventDetailPage.tsx';
import { EventForm } from './EventForm.tsx';
import { EMPTY_EVENT, fromDetails, toDetails } from './eventForm.ts';

// The event form's main image and gallery (upload through POST /api/files as kind eventImage, previews, local
// removal until saved, the server's codes translated) and the details page's pictures.

vi.setConfig({ testTimeout: 20_000 });

// Leaflet needs a real browser: stand-ins for the map chunk (tests/e2e/events-map.e2e.test.ts has the real one).
vi.mock('../map/lazy.tsx', () => import('../map/standIns.ts'));

const EVENT_ID = '11111111-1111-4111-8111-111111111111';
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

interface Upload {
  kind: FormDataEntryValue | null;
  name: string;
}

/** The fake API, with POST /api/files numbering what it stores and refusing "bad.png" as the server would. */
function installUploadsApi() {
  const api = installFakeApi({ csrfToken: 'csrf-anon' });
  const uploads: Upload[] = [];
  const fallback = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'POST' && path === '/api/files') {
      const form = init?.body as FormData;
      const file = form.get('file') as File;
      uploads.push({ kind: form.get('kind'), name: file.name });
      if (file.name === 'bad.png')
        return new Response(JSON.stringify({ error: { code: 'InvalidFileType', message: 'x' } }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        });
      const body = { fileId: `img-${uploads.length}`, name: file.name, size: file.size, mimeType: 'image/png' };
      return new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
    }
    if (method === 'PUT' && path === `/api/opportunities/${EVENT_ID}`) {
      api.calls.push({ method, path, body: JSON.parse(String(init?.body)), csrf: undefined });
      return new Response(JSON.stringify({ position: '5.5' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return fallback(input, init);
  });
  return { api, uploads };
}

function show(lang: 'ar' | 'en', ui: React.ReactNode) {
  resetSessionStore();
  useLanguageStore.setState({ lang });
  void i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
  return render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      {ui}
    </AppProviders>,
  );
}

const values = fromDetails({
  id: EVENT_ID,
  code: 'EV-1',
  nameAr: 'فعالية',
  nameEn: 'Event',
  leadName: 'Lead',
  leadMobile: '0551234567',
  leadEmail: 'lead@example.org',
  visibility: 0,
  maxInvitations: 10,
  maxContributions: 5,
  startDate: '2026-12-01',
  endDate: '2026-12-05',
  maxHours: 8,
  mainImageFileId: 'old-main',
  galleryFileIds: ['old-1', 'old-2'],
});

beforeEach(() => {
  // Without XMLHttpRequest the upload goes through fetch, which the fake API answers.
  vi.stubGlobal('XMLHttpRequest', undefined);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the event form: main image and gallery', () => {
  it('keeps the images of an event being edited and sends them back unchanged', () => {
    expect(values.mainImageFileId).toBe('old-main');
    expect(values.galleryFileIds).toEqual(['old-1', 'old-2']);
    expect(toDetails(values)).toMatchObject({ mainImageFileId: 'old-main', galleryFileIds: ['old-1', 'old-2'] });
    // A new event without images sends neither field.
    const bare = toDetails(EMPTY_EVENT);
    expect('mainImageFileId' in bare || 'galleryFileIds' in bare).toBe(false);
  });

  it('uploads a main image and several gallery images as event images, previews them, and saves the ids', async () => {
    const { api, uploads } = installUploadsApi();
    show(
      'en',
      <EventForm
        editing={{ id: EVENT_ID, values: { ...values, galleryFileIds: [] } }}
        onCancel={() => {}}
        onCreated={() => {}}
      />,
    );
    expect((screen.getByRole('img', { name: 'Preview of the main image' }) as HTMLImageElement).src).toContain(
      '/api/files/old-main',
    );
    fireEvent.change(screen.getByTestId('event-mainImage-input'), { target: { files: [png('cover.png')] } });
    await waitFor(() =>
      expect((screen.getByRole('img', { name: 'Preview of the main image' }) as HTMLImageElement).src).toContain(
        '/api/files/img-1',
      ),
    );
    fireEvent.change(screen.getByTestId('event-gallery-input'), {
      target: { files: [png('a.png'), png('b.jpg'), png('c.png')] },
    });
    await screen.findByRole('img', { name: 'Gallery image 3' });
    expect(uploads).toEqual([
      { kind: 'eventImage', name: 'cover.png' },
      { kind: 'eventImage', name: 'a.png' },
      { kind: 'eventImage', name: 'b.jpg' },
      { kind: 'eventImage', name: 'c.png' },
    ]);
    expect(screen.getByText('Gallery images: 3')).toBeTruthy();

    // Removing is a change of the form only: nothing is sent until it is saved.
    const calls = api.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Remove gallery image 2' }));
    expect(screen.queryByRole('img', { name: 'Gallery image 3' })).toBeNull();
    expect(api.calls.length).toBe(calls);
    fireEvent.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      mainImageFileId: 'img-1',
      galleryFileIds: ['img-2', 'img-4'],
    });
  });

  it('removes the main image from the form, and the save leaves it out', async () => {
    const { api } = installUploadsApi();
    show('en', <EventForm editing={{ id: EVENT_ID, values }} onCancel={() => {}} onCreated={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Main image: Remove' }));
    expect(screen.queryByRole('img', { name: 'Preview of the main image' })).toBeNull();
    expect(screen.getByText('No main image yet.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent.mainImageFileId).toBeUndefined();
    expect(sent.galleryFileIds).toEqual(['old-1', 'old-2']);
  });

  it('refuses a file of another type or over 2 MB before sending it, in Arabic', async () => {
    const { uploads } = installUploadsApi();
    show('ar', <EventForm onCancel={() => {}} onCreated={() => {}} />);
    fireEvent.change(screen.getByTestId('event-mainImage-input'), {
      target: { files: [new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' })] },
    });
    const button = screen.getByRole('button', { name: 'الصورة الرئيسية: اختيار صورة' });
    await waitFor(() => expect(button.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('نوع الملف غير مسموح.')).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('event-gallery-input'), { target: { files: [big] } });
    await screen.findByText(/^تعذر رفع huge\.png: /);
    expect(uploads).toEqual([]);
  });

  it("shows the server's refusal of one gallery file, translated, and keeps the others", async () => {
    const { uploads } = installUploadsApi();
    show('en', <EventForm onCancel={() => {}} onCreated={() => {}} />);
    fireEvent.change(screen.getByTestId('event-gallery-input'), {
      target: { files: [png('ok.png'), png('bad.png')] },
    });
    expect(await screen.findByText('Could not upload bad.png: This file type is not allowed.')).toBeTruthy();
    expect(uploads.map((u) => u.name)).toEqual(['ok.png', 'bad.png']);
    expect(screen.getAllByTestId('gallery-preview')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Gallery image 1' })).toBeTruthy();
  });
});

describe('the event details: pictures', () => {
  const detail = {
    id: EVENT_ID,
    code: 'EV-1',
    nameAr: 'فعالية الجري',
    nameEn: 'Running event',
    startDate: '2026-12-01',
    endDate: '2026-12-05',
    status: 0,
    approval: 'approved',
    rejectReason: null,
    joinedCount: 0,
    volunteeringDays: [],
    mainImageFileId: 'main-1',
    galleryFileIds: ['g-1', 'g-2'],
  } as unknown as EventDetail;

  it('shows the main image and the gallery thumbnails with their alternative texts', () => {
    installFakeApi();
    show('en', <EventDetailView event={detail} embedded />);
    const main = screen.getByRole('img', { name: 'Picture of the event “Running event”' }) as HTMLImageElement;
    expect(main.src).toContain('/api/files/main-1');
    const gallery = screen.getByRole('region', { name: 'Gallery' });
    const thumbs = within(gallery).getAllByRole('img') as HTMLImageElement[];
    expect(thumbs.map((i) => i.alt)).toEqual([
      'Picture 1 of 2 from the gallery of “Running event”',
      'Picture 2 of 2 from the gallery of “Running event”',
    ]);
    expect(
      within(gallery)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/api/files/g-1', '/api/files/g-2']);
  });

  it('leaves out pictures the reader may not load, and shows no gallery without images', () => {
    installFakeApi();
    show('ar', <EventDetailView event={detail} embedded />);
    const main = screen.getByRole('img', { name: 'صورة الفعالية «فعالية الجري»' });
    act(() => {
      main.dispatchEvent(new Event('error'));
    });
    expect(screen.queryByTestId('event-main-image')).toBeNull();
    cleanup();
    show('en', <EventDetailView event={{ ...detail, mainImageFileId: undefined, galleryFileIds: [] }} embedded />);
    expect(screen.queryByRole('region', { name: 'Gallery' })).toBeNull();
    expect(screen.queryByTestId('event-main-image')).toBeNull();
  });
});
