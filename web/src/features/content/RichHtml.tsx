import { Typography } from '@mantine/core';

/**
 * Stored rich text. It was cleaned on the server by an allow-list before it was written (commands/content/
 * sanitize.ts: no script, handler, style or foreign image can be in it), so it is shown as HTML.
 */
export function RichHtml({ html, lang }: { html: string; lang?: string }) {
  return (
    <Typography
      lang={lang}
      dir={lang === undefined ? undefined : lang === 'ar' ? 'rtl' : 'ltr'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by the server's allow-list before it was stored
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
