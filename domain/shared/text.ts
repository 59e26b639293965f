/**
 * A required text of a form, trimmed: `missing` (the form's own code) when it is empty, TextTooLong when it is longer
 * than `max`; the issue, if any, is added to `issues` under `path` (the form's order is the calls' order).
 */
export function requireText<P, C extends string>(
  issues: { path: P; code: C | 'TextTooLong' }[],
  path: P,
  value: string | null | undefined,
  max: number,
  missing: C,
): void {
  const text = value?.trim() ?? '';
  if (!text) issues.push({ path, code: missing });
  else if (text.length > max) issues.push({ path, code: 'TextTooLong' });
}
