import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LiveEnv, type LiveListener, type LiveState, SharedStream } from './live.ts';

/** An EventSource that the test drives; every one ever opened is kept. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  readyState = 1;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = 2;
  }
  push(data: string) {
    this.dispatchEvent(new MessageEvent('invitations', { data }));
  }
}
const openSources = () => FakeEventSource.opened.filter((s) => s.readyState !== 2);

/** Exclusive Web Locks shared by the test's "tabs": granted in request order, a queued request can be aborted. */
class FakeLocks {
  private held = new Set<string>();
  private queues = new Map<string, (() => void)[]>();
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void> | undefined) {
    return new Promise<void>((resolve, reject) => {
      const run = () => {
        this.held.add(name);
        Promise.resolve(callback())
          .then(() => resolve())
          .finally(() => {
            this.held.delete(name);
            this.queues.get(name)?.shift()?.();
          });
      };
      if (!this.held.has(name)) return run();
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      queue.push(run);
      options.signal?.addEventListener('abort', () => {
        const i = queue.indexOf(run);
        if (i < 0) return;
        queue.splice(i, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }
}

const URL = '/api/me/invitations/stream';
const channels: BroadcastChannel[] = [];
/** Node's BroadcastChannel delivers between instances of one process, like a browser's between tabs. */
class TrackedChannel extends BroadcastChannel {
  constructor(name: string) {
    super(name);
    channels.push(this);
  }
}

function tab(locks: FakeLocks) {
  const window = new EventTarget();
  const env = {
    EventSource: FakeEventSource as unknown as typeof EventSource,
    BroadcastChannel: TrackedChannel,
    locks: locks as unknown as LockManager,
    window,
  } satisfies LiveEnv;
  const stream = new SharedStream(URL, 'invitations', env);
  const seen: string[] = [];
  const states: LiveState[] = [];
  const listener: LiveListener = { onEvent: (d) => seen.push(d), onState: (s) => states.push(s) };
  const stop = stream.subscribe(listener);
  return { stream, seen, states, stop, window };
}

afterEach(() => {
  FakeEventSource.opened = [];
  for (const c of channels.splice(0)) c.close();
});

describe('one live connection per browser', () => {
  it('opens one EventSource for all tabs and relays its messages to every one', async () => {
    const locks = new FakeLocks();
    const tabs = Array.from({ length: 7 }, () => tab(locks));
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(tabs.filter((t) => t.stream.leading)).toHaveLength(1);
    FakeEventSource.opened[0]!.push('[1]');
    await vi.waitFor(() => expect(tabs.map((t) => t.seen)).toEqual(tabs.map(() => ['[1]'])));
    for (const t of tabs) t.stop();
  });

  it('passes the connection on when the leader stops listening, and when its page is hidden', async () => {
    const locks = new FakeLocks();
    const [a, b, c] = [tab(locks), tab(locks), tab(locks)];
    await vi.waitFor(() => expect(a.stream.leading).toBe(true));
    a.stop();
    await vi.waitFor(() => expect(b.stream.leading).toBe(true));
    expect(openSources()).toHaveLength(1);
    b.window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(c.stream.leading).toBe(true));
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(openSources()).toHaveLength(1);
    FakeEventSource.opened[2]!.push('[2]');
    await vi.waitFor(() => expect(c.seen).toEqual(['[2]']));
    c.stop();
    expect(openSources()).toHaveLength(0);
    b.stop();
  });

  it('gives a tab that opens later the latest list at once', async () => {
    const locks = new FakeLocks();
    const a = tab(locks);
    await vi.waitFor(() => expect(a.stream.leading).toBe(true));
    FakeEventSource.opened[0]!.push('[3]');
    const late = tab(locks);
    await vi.waitFor(() => expect(late.seen).toEqual(['[3]']));
    expect(FakeEventSource.opened).toHaveLength(1);
    a.stop();
    late.stop();
  });

  it('falls back to a connection of its own where the browser cannot share one', () => {
    const stream = new SharedStream(URL, 'invitations', {
      EventSource: FakeEventSource as unknown as typeof EventSource,
      BroadcastChannel: undefined,
      locks: undefined,
      window: undefined,
    });
    const stop = stream.subscribe({ onEvent: () => {}, onState: () => {} });
    expect(stream.leading).toBe(true);
    stop();
    expect(openSources()).toHaveLength(0);
  });
});
