import { useCallback, useState } from 'react';

// Which columns of a grid the user has hidden, remembered per grid in this browser (localStorage).

const storageKey = (gridId: string) => `grid.columns.${gridId}`;

/** The hidden column ids stored for a grid; anything unreadable counts as nothing hidden. */
export function readHiddenColumns(gridId: string): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(gridId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    // storage blocked (private mode, policy) or a hand-edited value: show every column
    return [];
  }
}

export function writeHiddenColumns(gridId: string, hidden: readonly string[]): void {
  try {
    if (hidden.length === 0) globalThis.localStorage?.removeItem(storageKey(gridId));
    else globalThis.localStorage?.setItem(storageKey(gridId), JSON.stringify(hidden));
  } catch {
    // storage full or blocked: the choice still holds until the page is left
  }
}

/** TanStack's visibility state ({ id: false } per hidden column) for a grid, kept in step with the storage. */
export function useColumnChoice(gridId: string) {
  const [hidden, setHidden] = useState<string[]>(() => readHiddenColumns(gridId));
  const setVisibility = useCallback(
    (update: (old: Record<string, boolean>) => Record<string, boolean>) => {
      setHidden((old) => {
        const next = Object.entries(update(toVisibility(old)))
          .filter(([, visible]) => !visible)
          .map(([id]) => id);
        writeHiddenColumns(gridId, next);
        return next;
      });
    },
    [gridId],
  );
  return { visibility: toVisibility(hidden), setVisibility };
}

const toVisibility = (hidden: readonly string[]): Record<string, boolean> =>
  Object.fromEntries(hidden.map((id) => [id, false]));
