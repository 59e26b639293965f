import { describe, expect, it } from 'vitest';
import { groupsOfDistinctKeys, lastOfEachKey } from './batches.ts';

describe('set-based batches', () => {
  const k = (x: { k: string }) => x.k;

  it('starts a new group where a key comes again, keeping the order', () => {
    const items = [{ k: 'a' }, { k: 'b' }, { k: 'a' }, { k: 'c' }, { k: 'b' }, { k: 'b' }];
    expect(groupsOfDistinctKeys(items, k).map((g) => g.map(k).join(''))).toEqual(['ab', 'acb', 'b']);
    expect(groupsOfDistinctKeys([], k)).toEqual([]);
  });

  it('keeps the last item of each key, in the order the keys first came', () => {
    const items = [
      { k: 'a', v: 1 },
      { k: 'b', v: 2 },
      { k: 'a', v: 3 },
    ];
    expect(lastOfEachKey(items, k)).toEqual([
      { k: 'a', v: 3 },
      { k: 'b', v: 2 },
    ]);
  });
});
