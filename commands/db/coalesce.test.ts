import { describe, expect, it } from 'vitest';
import { Coalescer, type Outcome } from './coalesce.ts';

/** A coalescer whose round trips the test releases by hand. */
function manual() {
  const sent: { inputs: number[]; answer: (o: Outcome<string>[]) => void; fail: (e: unknown) => void }[] = [];
  const c = new Coalescer<number, string>(
    'test',
    (inputs) =>
      new Promise((answer, fail) => {
        sent.push({ inputs, answer, fail });
      }),
  );
  return { c, sent };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('Coalescer', () => {
  it('sends a lone call at once, without waiting for company', async () => {
    const { c, sent } = manual();
    const p = c.call(1);
    expect(sent.map((s) => s.inputs)).toEqual([[1]]);
    sent[0]!.answer([{ ok: true, value: 'one' }]);
    expect(await p).toBe('one');
  });

  it('gathers the calls made while a batch is out into the next one', async () => {
    const { c, sent } = manual();
    const first = c.call(1);
    const rest = [c.call(2), c.call(3), c.call(4)];
    expect(sent).toHaveLength(1);
    sent[0]!.answer([{ ok: true, value: 'a' }]);
    await first;
    await tick();
    expect(sent.map((s) => s.inputs)).toEqual([[1], [2, 3, 4]]);
    sent[1]!.answer([
      { ok: true, value: 'b' },
      { ok: true, value: 'c' },
      { ok: true, value: 'd' },
    ]);
    expect(await Promise.all(rest)).toEqual(['b', 'c', 'd']);
    expect(c.stats).toEqual({ batches: 2, calls: 4, largest: 3 });
  });

  it('fails only the call whose outcome is an error', async () => {
    const { c, sent } = manual();
    const first = c.call(0);
    const [a, b] = [c.call(1), c.call(2)];
    sent[0]!.answer([{ ok: true, value: 'z' }]);
    await first;
    await tick();
    sent[1]!.answer([
      { ok: false, error: new Error('conflict') },
      { ok: true, value: 'fine' },
    ]);
    await expect(a).rejects.toThrow('conflict');
    expect(await b).toBe('fine');
  });

  it('fails every call of a batch whose round trip failed, and goes on with the next', async () => {
    const { c, sent } = manual();
    const first = c.call(1);
    sent[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    const next = c.call(2);
    expect(sent).toHaveLength(2);
    sent[1]!.answer([{ ok: true, value: 'back' }]);
    expect(await next).toBe('back');
  });
});
