import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, eventDetails, signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';
import { depsFrom } from '../../workers/runtime.ts';
import { buildApp } from '../app.ts';
import { escapeHtml, injectMeta } from './page-meta.ts';

const INDEX = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <title>بوابة التطوع</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('a page meta block', () => {
  it('escapes every value: a hostile title stays text', () => {
    const html = injectMeta(INDEX, {
      title: '"><script>alert(1)</script>',
      description: "it's <b>& more",
      image: 'https://portal.example/api/files/x',
      url: 'https://portal.example/ar/news/1',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain(`<title>${escapeHtml('"><script>alert(1)</script>')}</title>`);
    expect(html).toContain('<meta property="og:description" content="it&#39;s &#60;b&#62;&#38; more" />');
    expect(html).toContain('<meta property="og:image" content="https://portal.example/api/files/x" />');
  });
});

describe('news pages and event details carry their own card in the HTML sent', () => {
  let portal: TestPortal;
  let app: FastifyInstance;
  let admin: Browser;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    portal = await startTestPortal();
    // The same portal serving a built web app (the test portal serves none).
    app = await buildApp(depsFrom(portal.runtime, 5000), { logLevel: 'silent', webDist: dist, loginRateLimit: 1000 });
    admin = await signedIn(app, 'admin', 'Admin@2026!');
  });
  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  it('a published news item: its title and summary per language; a draft keeps the portal title', async () => {
    const created = await admin.post('/api/admin/content', {
      kind: 'news',
      titleAr: 'حملة <التبرع> بالدم',
      titleEn: 'Blood "drive"',
      summaryEn: 'Give blood this week',
      bodyAr: '<p>نص الخبر بالعربية</p>',
      bodyEn: '<p>Body</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { contentId, position } = created.json();
    const draft = await admin.get(`/ar/news/${contentId}`);
    expect(draft.body).toContain('<title>بوابة التطوع</title>');
    expect(draft.body).not.toContain('og:title');

    const p = (await admin.post(`/api/admin/content/${contentId}/publish`)).json();
    await admin.get(`/api/public/content/${contentId}?after=${p.position ?? position}`);
    const ar = (await admin.get(`/ar/news/${contentId}`)).body;
    expect(ar).toContain(`<meta property="og:title" content="حملة &#60;التبرع&#62; بالدم" />`);
    expect(ar).toContain('<meta property="og:description" content="نص الخبر بالعربية" />');
    expect(ar).toMatch(new RegExp(`<meta property="og:url" content="http://[^"]+/ar/news/${contentId}" />`));
    const en = (await admin.get(`/en/news/${contentId}`)).body;
    expect(en).toContain('<title>Blood &#34;drive&#34;</title>');
    expect(en).toContain('<meta property="og:description" content="Give blood this week" />');
  });

  it("a public event's details: its name in the path's language", async () => {
    const details = eventDetails({ nameAr: 'حملة "نظافة" الحي', nameEn: 'Clean <the> block' });
    const created = await admin.post('/api/opportunities', details);
    expect(created.statusCode, created.body).toBe(201);
    const { opportunityId } = created.json() as { opportunityId: string };
    const approved = (await admin.post(`/api/opportunities/${opportunityId}/approve`)).json() as { position: string };
    await admin.get(`/api/opportunities/${opportunityId}?after=${approved.position}`);
    const event = { id: opportunityId, nameAr: details.nameAr, nameEn: details.nameEn };
    const escaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const en = (await admin.get(`/en/events/${event!.id}`)).body;
    expect(en).toContain(`<meta property="og:title" content="${escaped(event!.nameEn)}" />`);
    const ar = (await admin.get(`/ar/events/${event!.id}`)).body;
    expect(ar).toContain(`<title>${escaped(event!.nameAr)}</title>`);
  });

  it('an unknown event and any other page keep the portal title', async () => {
    const res = await admin.get('/ar/events/11111111-1111-4111-8111-111111111111');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('og:title');
    expect((await admin.get('/en/faq')).body).toContain('<title>بوابة التطوع</title>');
  });
});
