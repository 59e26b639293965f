import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentStream } from '../../domain/content/events.ts';
import {
  type Browser,
  signedIn,
  startTestPortal,
  streamEvents,
  type TestPortal,
  visitorOn,
} from '../../tests/support/portal.ts';

let portal: TestPortal;
let admin: Browser;
let volunteer: Browser;
let visitor: Browser;
beforeAll(async () => {
  portal = await startTestPortal();
  admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
  volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
  visitor = await visitorOn(portal.app);
});
afterAll(async () => {
  await portal?.close();
});

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();

async function uploadImage(): Promise<{ fileId: string; thumbId: string }> {
  const res = await admin.upload('contentImage', 'photo.jpg', await jpeg(2400, 1200));
  expect(res.statusCode, res.body).toBe(201);
  const f = res.json() as { fileId: string; thumbnailId: string };
  return { fileId: f.fileId, thumbId: f.thumbnailId };
}

const news = (image: { fileId: string; thumbId: string } | null, over: object = {}) => ({
  kind: 'news',
  titleAr: 'خبر الحملة',
  titleEn: 'Campaign news',
  summaryAr: 'ملخص',
  summaryEn: 'Summary',
  bodyAr: '<p>نص <script>alert(1)</script><a href="javascript:alert(1)">رابط</a></p>',
  bodyEn: '<p onclick="x()">Text</p>',
  image,
  ...over,
});

async function create(body: object) {
  const res = await admin.post('/api/admin/content', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { position: string; contentId: string };
}

describe('content items', () => {
  it('an uploaded image is resized and thumbnailed; a non-image is refused', async () => {
    const img = await uploadImage();
    const big = await admin.get(`/api/files/${img.fileId}`);
    expect(big.statusCode).toBe(200);
    const meta = await sharp(big.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 960]);
    const thumb = await sharp((await admin.get(`/api/files/${img.thumbId}`)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
    const bad = await admin.upload('contentImage', 'x.jpg', Buffer.from('<svg onload="alert(1)"/>'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('InvalidFileType');
  });

  it('a volunteer and a visitor may not create content (403), and nothing is written', async () => {
    const before = await portal.runtime.store.lastPosition();
    expect((await volunteer.post('/api/admin/content', news(null))).statusCode).toBe(403);
    expect((await visitor.post('/api/admin/content', news(null))).statusCode).toBe(401);
    expect((await volunteer.upload('contentImage', 'p.jpg', await jpeg(10, 10))).statusCode).toBe(403);
    expect(await portal.runtime.store.lastPosition()).toEqual(before);
  });

  it('a news item is stored with clean HTML, hidden until published, then shown with its image', async () => {
    const img = await uploadImage();
    const r = await create(news(img));
    const [created] = await streamEvents(portal, contentStream(r.contentId));
    const data = created!.data as { bodyAr: string; bodyEn: string };
    expect(data.bodyAr).toBe('<p>نص <a rel="noopener noreferrer" target="_blank">رابط</a></p>');
    expect(data.bodyEn).toBe('<p>Text</p>');

    // Draft: not on the public site, its image not readable by a visitor.
    const list = (await visitor.get(`/api/public/content?kind=news&after=${r.position}`)).json();
    expect(list.rows.map((x: { id: string }) => x.id)).not.toContain(r.contentId);
    expect((await visitor.get(`/api/public/content/${r.contentId}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/files/${img.fileId}`)).statusCode).toBe(404);

    const p = (await admin.post(`/api/admin/content/${r.contentId}/publish`)).json();
    const shown = (await visitor.get(`/api/public/content?kind=news&pageSize=4&after=${p.position}`)).json();
    expect(shown.rows[0]).toMatchObject({ id: r.contentId, titleEn: 'Campaign news', published: true });
    expect((await visitor.get(`/api/public/content/${r.contentId}`)).json().titleAr).toBe('خبر الحملة');
    expect((await visitor.get(`/api/files/${img.fileId}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/files/${img.thumbId}`)).statusCode).toBe(200);

    // Unpublished again: gone from the site and its image private.
    const u = (await admin.post(`/api/admin/content/${r.contentId}/unpublish`)).json();
    expect((await visitor.get(`/api/public/content/${r.contentId}?after=${u.position}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/files/${img.fileId}`)).statusCode).toBe(404);
  });

  it('refuses a slide without its image and a javascript: link, writing nothing', async () => {
    const before = await portal.runtime.store.lastPosition();
    const noImage = await admin.post('/api/admin/content', news(null, { kind: 'slide' }));
    expect([noImage.statusCode, noImage.json().error.code]).toEqual([422, 'AllFieldsRequired']);
    const badLink = await admin.post('/api/admin/content', news(null, { link: 'javascript:alert(1)' }));
    expect(badLink.json().error.code).toBe('InvalidLink');
    expect(await portal.runtime.store.lastPosition()).toEqual(before);
  });

  it('a static page has one item per key, read by its key once published', async () => {
    const page = {
      kind: 'page',
      key: 'faq',
      titleAr: 'الأسئلة الشائعة',
      titleEn: 'FAQ',
      bodyAr: '<p>س</p>',
      bodyEn: '<p>Q</p>',
    };
    const r = await create(page);
    const again = await admin.post('/api/admin/content', page);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'ContentAlreadyExists']);
    expect((await visitor.get(`/api/public/pages/faq?after=${r.position}`)).statusCode).toBe(404);
    const p = (await admin.post(`/api/admin/content/${r.contentId}/publish`)).json();
    const read = (await visitor.get(`/api/public/pages/faq?after=${p.position}`)).json();
    expect(read).toMatchObject({ key: 'faq', titleEn: 'FAQ', bodyEn: '<p>Q</p>' });
  });

  it('reorders a kind and deletes an item (gone from admin and public reads)', async () => {
    const a = await create({
      kind: 'video',
      titleAr: 'أ',
      titleEn: 'A',
      videoAr: 'https://v.example/ar',
      videoEn: 'https://v.example/en',
    });
    const b = await create({
      kind: 'video',
      titleAr: 'ب',
      titleEn: 'B',
      videoAr: 'https://v.example/ar2',
      videoEn: 'https://v.example/en2',
    });
    await admin.post(`/api/admin/content/${a.contentId}/publish`);
    await admin.post(`/api/admin/content/${b.contentId}/publish`);
    const o = (
      await admin.post('/api/admin/content/reorder', { kind: 'video', ids: [b.contentId, a.contentId] })
    ).json();
    const list = (await visitor.get(`/api/public/content?kind=video&after=${o.position}`)).json();
    expect(list.rows.map((x: { titleEn: string; order: number }) => [x.titleEn, x.order])).toEqual([
      ['B', 0],
      ['A', 1],
    ]);
    const wrongKind = await admin.post('/api/admin/content/reorder', { kind: 'news', ids: [a.contentId] });
    expect(wrongKind.statusCode).toBe(404);
    expect((await volunteer.delete(`/api/admin/content/${a.contentId}`)).statusCode).toBe(403);
    const d = (await admin.delete(`/api/admin/content/${a.contentId}`)).json();
    expect((await admin.get(`/api/admin/content/${a.contentId}?after=${d.position}`)).statusCode).toBe(404);
    const after = (await visitor.get(`/api/public/content?kind=video&after=${d.position}`)).json();
    expect(after.rows.map((x: { titleEn: string }) => x.titleEn)).toEqual(['B']);
  });

  it('a document needs its file; the admin list filters by kind, state and text', async () => {
    const missing = await admin.post('/api/admin/content', { kind: 'document', titleAr: 'دليل', titleEn: 'Guide' });
    expect(missing.json().error).toMatchObject({ code: 'AllFieldsRequired', details: { field: 'fileId' } });
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    const file = (await admin.upload('contentDocument', 'guide.pdf', pdf)).json() as { fileId: string };
    const r = await create({
      kind: 'document',
      titleAr: 'دليل المتطوع',
      titleEn: 'Volunteer guide zq',
      fileId: file.fileId,
    });
    const q = (s: string) => admin.get(`/api/admin/content?after=${r.position}&${s}`).then((x) => x.json());
    expect((await q('kind=document&text=guide%20zq')).rows.map((x: { id: string }) => x.id)).toEqual([r.contentId]);
    expect((await q('kind=document&text=guide%20zq&state=published')).total).toBe(0);
    expect((await q('kind=news&text=guide%20zq')).total).toBe(0);
    expect((await q('text=دليل%20المتطوع')).total).toBe(1);
    expect((await volunteer.get('/api/admin/content')).statusCode).toBe(403);
  });

  it('the video link: an http(s) link in each language, a refused one writes nothing; visitors read both', async () => {
    const video = { kind: 'video', titleAr: 'قصة متطوع', titleEn: 'A volunteer story' };
    const before = await portal.runtime.store.lastPosition();
    for (const [videoAr, videoEn, field, code] of [
      ['https://v.example/ar', 'javascript:alert(1)', 'videoEn', 'InvalidLink'],
      ['ftp://v.example/ar', 'https://v.example/en', 'videoAr', 'InvalidLink'],
      ['https://v.example/ar', '', 'videoEn', 'AllFieldsRequired'],
    ] as const) {
      const refused = (await admin.post('/api/admin/content', { ...video, videoAr, videoEn })).json();
      expect(refused.error).toMatchObject({ code, details: { field } });
    }
    expect(await portal.runtime.store.lastPosition()).toEqual(before);
    const r = await create({ ...video, videoAr: ' https://v.example/ar3 ', videoEn: 'https://v.example/en3' });
    const { kind: _, ...fields } = video;
    const edit = await admin.put(`/api/admin/content/${r.contentId}`, {
      ...fields,
      videoAr: 'data:text/html,x',
      videoEn: 'https://v.example/en3',
    });
    expect(edit.json().error).toMatchObject({ code: 'InvalidLink', details: { field: 'videoAr' } });
    const events = await streamEvents(portal, contentStream(r.contentId));
    expect(events.map((e) => e.type)).toEqual(['ContentCreated']);
    // Stored trimmed, in both languages, in the item's history.
    expect(events[0]?.data).toMatchObject({ videoAr: 'https://v.example/ar3', videoEn: 'https://v.example/en3' });
    const p = (await admin.post(`/api/admin/content/${r.contentId}/publish`)).json();
    const read = (await visitor.get(`/api/public/content/${r.contentId}?after=${p.position}`)).json();
    expect(read).toMatchObject({ kind: 'video', videoAr: 'https://v.example/ar3', videoEn: 'https://v.example/en3' });
  });

  it('home counters: approved volunteers are entries 2 and 3 summed', async () => {
    const c = (await visitor.get('/api/public/home-counters')).json();
    expect(c.counters).toHaveLength(6);
    expect(c.volunteers).toBe(c.counters[2] + c.counters[3]);
    expect(c.events).toBe(c.counters[4]);
  });
});
