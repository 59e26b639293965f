/**
 * Set-based writes for a batch. A projection that applies a run of like events with one statement instead of one an
 * event must end with the rows the one-at-a-time order gives: these split and fold the run so that it does.
 */

/**
 * Splits a run into consecutive groups in which no key comes twice: a group's changes touch different rows, so one
 * statement can write them all, and the groups in order give what the changes in order give.
 */
export function groupsOfDistinctKeys<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let keys = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (keys.has(k)) {
      groups.push(group);
      group = [];
      keys = new Set();
    }
    group.push(item);
    keys.add(k);
  }
  if (group.length) groups.push(group);
  return groups;
}

/** The last item of each key (where each write replaces the row, the last one is what stays), in first-seen order. */
export function lastOfEachKey<T>(items: readonly T[], key: (item: T) => string): T[] {
  const last = new Map<string, T>();
  for (const item of items) last.set(key(item), item);
  return [...last.values()];
}
