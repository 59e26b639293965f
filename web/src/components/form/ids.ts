// Pure, so that a form's own helpers (focus, page order) name fields without loading React or @mantine/form.

/** The DOM id of a field: prefix "reg" and path "user.email" give "reg-user-email". */
export function fieldDomId(idPrefix: string, path: string): string {
  return `${idPrefix}-${path.replaceAll('.', '-')}`;
}
