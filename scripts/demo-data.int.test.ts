import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalFolderStorage } from '../commands/files/storage.ts';
import { contentStream } from '../domain/content/events.ts';
import { startTestPortal, streamEvents, type TestPortal, visitorOn } from '../tests/support/portal.ts';
import { loadDemoData } from './demo-data.ts';

// The demo data's site content, against a real PostgreSQL: the red-crescent client's home slides, published by the
// demo admin through the content commands, with their pictures in the portal's file storage.

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal({ clientCode: 'SRCA' });
});
afterAll(async () => {
  await portal?.close();
});

interface Slide {
  id: string;
  titleAr: string;
  titleEn: string;
  image: { fileId: string; thumbId: string } | null;
}

describe('the demo data of the red-crescent client', () => {
  it('publishes its 7 home slides, each with its picture, and loading it again writes nothing', async () => {
    const files = new LocalFolderStorage(join(portal.dataDir, 'files'));
    await loadDemoData(portal.runtime.store, 'SRCA', files);
    const visitor = await visitorOn(portal.app);
    const slides = await vi.waitFor(
      async () => {
        const res = await visitor.get('/api/public/content?kind=slide&pageSize=20');
        expect(res.statusCode, res.body).toBe(200);
        const rows = (res.json() as { rows: Slide[] }).rows;
        expect(rows).toHaveLength(7);
        return rows;
      },
      { timeout: 15_000, interval: 100 },
    );
    // In the admins' order, both languages, each written by the demo admin.
    expect(slides[0]).toMatchObject({ titleAr: 'تطوّع مع الهلال الأحمر', titleEn: 'Volunteer with the Red Crescent' });
    expect(slides[6]?.titleEn).toBe('Your volunteering hours count');
    const history = await streamEvents(portal, contentStream(slides[0]!.id));
    expect(history.map((e) => e.type)).toEqual(['ContentCreated', 'ContentPublished']);
    expect(history[0]?.metadata.actorId).toBe('00000000-0000-4000-8000-000000000001');
    // A visitor reads each picture and its thumbnail (a published item names them).
    for (const s of slides) {
      const image = await visitor.get(`/api/files/${s.image?.fileId}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect((await visitor.get(`/api/files/${s.image?.thumbId}`)).statusCode).toBe(200);
    }

    // Loaded again (every npm start): nothing new in the streams, no second picture stored.
    await loadDemoData(portal.runtime.store, 'SRCA', files);
    expect(await streamEvents(portal, contentStream(slides[0]!.id))).toHaveLength(2);
    const again = (await visitor.get('/api/public/content?kind=slide&pageSize=20')).json() as { rows: Slide[] };
    expect(again.rows.map((s) => s.image?.fileId)).toEqual(slides.map((s) => s.image?.fileId));
  });
});
