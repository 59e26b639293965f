/** Spec (section 5): undefined, null, false, the empty string and whitespace-only all count as empty. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}
