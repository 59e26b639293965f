import type { CertifiedRecord } from '../../domain/certificate/record.ts';
import type { RenderInput } from './browser-pool.ts';

export type Lang = 'ar' | 'en';

/** Bumped when a template changes: a cached file is named by its content, the template version included. */
export const TEMPLATE_VERSION = 1;

const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Numbers with Latin digits in both languages, as on the verification page (the record's own figures). */
export const formatHours = (h: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', { maximumFractionDigits: 2 }).format(h);

/** A day in the Gregorian and the Umm al-Qura Hijri calendar (spec: dates in both). */
export function bothCalendars(isoDay: string, lang: Lang): { gregorian: string; hijri: string } {
  const d = new Date(`${isoDay.slice(0, 10)}T12:00:00Z`);
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  const base = lang === 'ar' ? 'ar-SA' : 'en-GB';
  return {
    gregorian: new Intl.DateTimeFormat(`${base}-u-ca-gregory-nu-latn`, opts).format(d),
    hijri: new Intl.DateTimeFormat(`${base}-u-ca-islamic-umalqura-nu-latn`, opts).format(d),
  };
}

const T = {
  ar: {
    participation: 'شهادة مشاركة تطوعية',
    hours: 'شهادة ساعات تطوعية',
    eventType: 'شهادة ساعات تطوعية حسب نوع الفعالية',
    card: 'بطاقة متطوع',
    badge: 'بطاقة تعريف المتطوع',
    certifies: (issuer: string) => `تشهد ${issuer} بأن المتطوع/ة`,
    participated: 'قد شارك/ت في فعالية',
    from: 'خلال الفترة من',
    to: 'إلى',
    hoursLine: 'بعدد ساعات تطوعية معتمدة',
    hourUnit: 'ساعة',
    inYear: 'قد أتم/ت ساعات تطوعية معتمدة خلال عام',
    inType: 'قد أتم/ت ساعات تطوعية معتمدة في فعاليات من نوع',
    total: 'مجموع الساعات',
    event: 'الفعالية',
    hoursCol: 'الساعات',
    issued: 'تاريخ الإصدار',
    reference: 'الرقم المرجعي',
    verify: 'للتحقق من صحة هذه الوثيقة امسح الرمز أو افتح الرابط',
    id: 'رقم الشهادة',
    thanks: 'شكراً لعطائك',
    postcard: 'مع خالص الشكر والتقدير',
    dear: 'إلى',
  },
  en: {
    participation: 'Certificate of volunteer participation',
    hours: 'Certificate of volunteer hours',
    eventType: 'Certificate of volunteer hours by event type',
    card: 'Volunteer card',
    badge: 'Volunteer ID badge',
    certifies: (issuer: string) => `${issuer} certifies that the volunteer`,
    participated: 'took part in the event',
    from: 'from',
    to: 'to',
    hoursLine: 'with approved volunteer hours of',
    hourUnit: 'hours',
    inYear: 'completed approved volunteer hours in the year',
    inType: 'completed approved volunteer hours in events of the type',
    total: 'Total hours',
    event: 'Event',
    hoursCol: 'Hours',
    issued: 'Issued on',
    reference: 'Reference number',
    verify: 'To verify this document, scan the code or open the link',
    id: 'Certificate number',
    thanks: 'Thank you for giving',
    postcard: 'With sincere thanks and appreciation',
    dear: 'To',
  },
} as const;

/**
 * A searchable text layer: the record's words again, white on white, with Noto Naskh's glyph composition and joining
 * turned off, so each glyph maps back to its letter. The shaped Naskh text above draws letters from dotless bodies
 * and separate dots, which text extraction (copy, search, screen readers, the tests' unpdf) cannot read back.
 */
const TEXT_LAYER_CSS = `.tl{position:absolute;inset-inline-start:0;bottom:0;font-size:2pt;line-height:1;color:#fff;white-space:nowrap;
font-feature-settings:'ccmp' 0,'init' 0,'medi' 0,'fina' 0,'isol' 0,'rlig' 0,'liga' 0,'calt' 0,'mark' 0,'mkmk' 0}`;

function textLayer(lines: string[]): string {
  return `<div class="tl" aria-hidden="true">${lines.map((l) => `<div>${esc(l)}</div>`).join('')}</div>`;
}

const CERT_CSS = `@page{size:297mm 210mm;margin:0}
.page{box-sizing:border-box;width:297mm;height:210mm;padding:14mm 18mm;border:6mm solid #0b6e4f;display:flex;flex-direction:column}
.issuer{font-size:16pt;font-weight:700;color:#0b6e4f}
h1{font-size:28pt;margin:6mm 0 4mm;text-align:center;color:#123}
.body{font-size:15pt;line-height:1.9;text-align:center;flex:1}
.name{font-size:24pt;font-weight:700;display:block;margin:2mm 0}
.strong{font-weight:700}
table{margin:3mm auto;border-collapse:collapse;font-size:12pt;min-width:60%}
td,th{border:0.3mm solid #999;padding:1mm 4mm}
.foot{display:flex;gap:8mm;align-items:flex-end;font-size:10pt}
.foot svg{width:32mm;height:32mm}
.url{direction:ltr;unicode-bidi:embed;font-family:monospace;font-size:8pt;word-break:break-all}
.page{position:relative}${TEXT_LAYER_CSS}`;

const CARD_CSS = `@page{size:86mm 54mm;margin:0}
.card{box-sizing:border-box;width:86mm;height:54mm;padding:3mm;border-top:4mm solid #0b6e4f;display:flex;gap:3mm;font-size:7.5pt;line-height:1.4}
.card .photo{width:20mm;height:25mm;object-fit:cover;border:0.3mm solid #999;background:#eee}
.card .main{flex:1;display:flex;flex-direction:column}
.card .title{font-weight:700;font-size:9pt;color:#0b6e4f}
.card .name{font-weight:700;font-size:10pt}
.card svg{width:19mm;height:19mm}
.url{direction:ltr;unicode-bidi:embed;font-family:monospace;font-size:4.5pt;word-break:break-all}
.card{position:relative}${TEXT_LAYER_CSS}`;

export interface DocumentInput {
  certificateId: string;
  record: CertifiedRecord;
  issuedAt: string;
  lang: Lang;
  verifyUrl: string;
  /** The QR code of verifyUrl, an SVG element. */
  qrSvg: string;
  /** The volunteer's photo as a data: URL (card and badge), if any. */
  photo: string | null;
}

function datesLine(iso: string, lang: Lang): string {
  const d = bothCalendars(iso, lang);
  return `${esc(d.hijri)} (${esc(d.gregorian)})`;
}

export function certificateDocument(i: DocumentInput): RenderInput {
  const t = T[i.lang];
  const r = i.record;
  const name = i.lang === 'ar' ? r.volunteer.nameAr || r.volunteer.nameEn : r.volunteer.nameEn || r.volunteer.nameAr;
  const issuer = i.lang === 'ar' ? r.issuer.nameAr : r.issuer.nameEn;
  const nameOf = (x: { nameAr: string; nameEn: string }) => (i.lang === 'ar' ? x.nameAr : x.nameEn);
  const layer = textLayer([
    name,
    ...(r.event ? [nameOf(r.event)] : []),
    ...(r.eventType ? [nameOf(r.eventType)] : []),
    ...(r.year ? [String(r.year)] : []),
    ...(r.hours !== null ? [`${formatHours(r.hours, i.lang)} ${T[i.lang].hourUnit}`] : []),
    ...r.events.map((e) => `${nameOf(e)} ${formatHours(e.hours, i.lang)}`),
    issuer,
  ]);
  if (r.kind === 'card' || r.kind === 'badge') {
    const photo = i.photo ? `<img class="photo" src="${esc(i.photo)}" alt="">` : '<div class="photo"></div>';
    const event = r.event
      ? `<div>${esc(t.event)}: <span class="strong">${esc(nameOf(r.event))}</span></div><div>${datesLine(r.event.startDate, i.lang)} – ${datesLine(r.event.endDate, i.lang)}</div>`
      : '';
    return {
      lang: i.lang,
      css: CARD_CSS,
      body: `<div class="card">${photo}<div class="main"><div class="title">${esc(issuer)} · ${esc(t[r.kind])}</div>
<div class="name">${esc(name)}</div><div>${esc(t.reference)}: <span class="url">${esc(r.volunteer.referenceNumber ?? '')}</span></div>${event}
<div class="url">${esc(i.verifyUrl)}</div></div><div>${i.qrSvg}</div>${layer}</div>`,
    };
  }
  let text = '';
  const hours = `<span class="strong">${esc(formatHours(r.hours ?? 0, i.lang))}</span> ${esc(t.hourUnit)}`;
  if (r.kind === 'participation' && r.event) {
    text = `${esc(t.participated)} <span class="strong">${esc(nameOf(r.event))}</span><br>${esc(t.from)} ${datesLine(r.event.startDate, i.lang)} ${esc(t.to)} ${datesLine(r.event.endDate, i.lang)}<br>${esc(t.hoursLine)} ${hours}`;
  } else {
    const what =
      r.kind === 'hours'
        ? `${esc(t.inYear)} <span class="strong">${esc(r.year)}</span>`
        : `${esc(t.inType)} <span class="strong">${esc(r.eventType ? nameOf(r.eventType) : '')}</span>`;
    const rows = r.events
      .map((e) => `<tr><td>${esc(nameOf(e))}</td><td>${esc(formatHours(e.hours, i.lang))}</td></tr>`)
      .join('');
    text = `${what}<table><thead><tr><th>${esc(t.event)}</th><th>${esc(t.hoursCol)}</th></tr></thead><tbody>${rows}</tbody></table>${esc(t.total)}: ${hours}`;
  }
  return {
    lang: i.lang,
    css: CERT_CSS,
    body: `<div class="page"><div class="issuer">${esc(issuer)}</div><h1>${esc(t[r.kind])}</h1>
<div class="body">${esc(t.certifies(issuer))}<span class="name">${esc(name)}</span>${text}</div>
<div class="foot">${i.qrSvg}<div><div>${esc(t.issued)}: ${datesLine(i.issuedAt, i.lang)}</div><div>${esc(t.id)}: <span class="url">${esc(i.certificateId)}</span></div>
<div>${esc(t.verify)}</div><div class="url">${esc(i.verifyUrl)}</div></div></div>${layer}</div>`,
  };
}

const POSTCARD_CSS = `@page{size:148mm 105mm;margin:0}
.pc{box-sizing:border-box;width:148mm;height:105mm;padding:10mm;border:3mm solid #0b6e4f;display:flex;flex-direction:column;justify-content:center;align-items:center;text-align:center;gap:4mm}
.pc{position:relative}${TEXT_LAYER_CSS}
.pc .issuer{font-size:12pt;font-weight:700;color:#0b6e4f}.pc .name{font-size:22pt;font-weight:700}.pc .msg{font-size:14pt}`;

/** Spec "post card: produce a post card from a name". It certifies nothing, so it carries no signature. */
export function postCardDocument(name: string, issuer: { nameAr: string; nameEn: string }, lang: Lang): RenderInput {
  const t = T[lang];
  return {
    lang,
    css: POSTCARD_CSS,
    body: `<div class="pc"><div class="issuer">${esc(lang === 'ar' ? issuer.nameAr : issuer.nameEn)}</div><div class="msg">${esc(t.dear)}</div>
<div class="name">${esc(name)}</div><div class="msg">${esc(t.thanks)}</div><div class="msg">${esc(t.postcard)}</div>${textLayer([name])}</div>`,
  };
}
