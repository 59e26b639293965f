import sanitizeHtml from 'sanitize-html';

/** The portal's own file addresses: the only images rich text may show (`/api/files/<uuid>`). */
const OWN_FILE = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'br'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with everything inside them (not just the tags): a script's text is not content.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'title',
    'head',
  ],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_FILE.test(frame.attribs.src ?? ''),
};

/**
 * Rich text as stored: an allow-list of tags (paragraphs, h2–h4, emphasis, lists, links, the portal's own images,
 * quotes, line breaks); links only http, https and mailto, opened with rel=noopener; every other tag, attribute,
 * style and scheme dropped. Applied in the command, before the event is written, so the log holds clean HTML.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
