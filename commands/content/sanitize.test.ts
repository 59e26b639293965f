import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

const FILE = '/api/files/11111111-1111-4111-8111-111111111111';

/** Script injections of every family: none may leave anything that runs, loads or navigates. */
const ATTACKS: [string, string][] = [
  ['script tag', '<p>a</p><script>alert(1)</script>'],
  ['script in caps', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
  ['on* handler on an image', `<img src="${FILE}" onerror="alert(1)">`],
  ['on* handler on a paragraph', '<p onclick="alert(1)" onmouseover="alert(2)">x</p>'],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
  ['javascript: with entities', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  [
    'javascript: fully encoded',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  ],
  ['javascript: with spaces and case', '<a href="  JaVaScRiPt:alert(1)">x</a>'],
  ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['data: image', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['svg onload', '<svg onload="alert(1)"><script>alert(2)</script></svg>'],
  ['svg use', '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>'],
  [
    'math tricks',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  ],
  ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['css expression', '<p style="width: expression(alert(1))">x</p>'],
  ['style tag', '<style>body{background:url("javascript:alert(1)")}</style><p>x</p>'],
  ['iframe', '<iframe src="https://evil.example"></iframe>'],
  ['object', '<object data="https://evil.example/x.swf"></object>'],
  ['embed', '<embed src="https://evil.example/x.swf">'],
  ['srcset', `<img src="${FILE}" srcset="https://evil.example/x.png 1x">`],
  ['foreign image', '<img src="https://evil.example/track.png">'],
  ['protocol-relative image', '<img src="//evil.example/x.png">'],
  [
    'form and button',
    '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button><input name=x></form>',
  ],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base tag', '<base href="https://evil.example/">'],
  ['link tag', '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ['nested malformed', '<p><scr<script>ipt>alert(1)</scr</script>ipt></p>'],
  ['unclosed tag', '<p><img src=x onerror=alert(1)//'],
  ['comment trick', '<!--<img src="--><img src=x onerror=alert(1)//">'],
  ['encoded angle brackets', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['noscript confusion', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['template', '<template><script>alert(1)</script></template>'],
  ['xlink href', '<a xlink:href="javascript:alert(1)">x</a>'],
  ['formaction on an allowed tag', '<p formaction="javascript:alert(1)">x</p>'],
];

/** Anything that could run or load: a tag outside the list, a handler, a dangerous scheme, a style. */
function dangerous(html: string): string | null {
  const checks: [string, RegExp][] = [
    ['tag', /<(?!\/?(p|h2|h3|h4|strong|em|u|ul|ol|li|a|img|blockquote|br)\b)[a-z!]/i],
    ['handler', /<[^>]*\son[a-z]+\s*=/i],
    ['scheme', /(href|src)\s*=\s*"(?!https?:|mailto:|\/api\/files\/)/i],
    ['style', /<[^>]*\sstyle\s*=/i],
    ['srcset', /srcset/i],
  ];
  for (const [name, re] of checks) if (re.test(html)) return name;
  return null;
}

describe('rich text is cleaned on the server', () => {
  for (const [name, input] of ATTACKS) {
    it(`leaves nothing that runs: ${name}`, () => {
      const out = sanitizeRichText(input);
      expect(dangerous(out), out).toBeNull();
      expect(out.toLowerCase()).not.toContain('javascript:');
      expect(out).not.toMatch(/<script/i);
    });
  }

  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h2>T</h2><p><strong>b</strong> <em>i</em> <u>u</u><br /></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps http, https and mailto links, each with rel=noopener', () => {
    expect(sanitizeRichText('<a href="https://moh.example/a" onclick="x()">a</a>')).toBe(
      '<a href="https://moh.example/a" rel="noopener noreferrer" target="_blank">a</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@moh.example">m</a>')).toContain('href="mailto:info@moh.example"');
  });

  it("keeps the portal's own images and drops others", () => {
    expect(sanitizeRichText(`<img src="${FILE}" alt="x" width="9">`)).toBe(`<img src="${FILE}" alt="x" />`);
    expect(sanitizeRichText('<img src="https://evil.example/x.png">')).toBe('');
  });

  it('drops h1, tables and divs but keeps their text', () => {
    expect(sanitizeRichText('<h1>a</h1><div>b</div>')).toBe('ab');
  });
});
