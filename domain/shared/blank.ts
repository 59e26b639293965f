/** Spec: undefined, null, false, empty and whitespace-only all count as empty. */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '');
}
