/** Spec (truncation): a notification's event name shows 30 characters, its text 100, then an ellipsis. */
export const NAME_MAX = 30;
export const TEXT_MAX = 100;

/** The first `max` characters (whole code points) and an ellipsis when the text is longer. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text.trim();
}
