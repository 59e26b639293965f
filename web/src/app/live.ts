/**
 * One server-sent-events connection per browser, shared by its tabs. Browsers give a plain-http host six
 * connections; a live stream per tab used them all, and the seventh tab's page never loaded. The tab holding the
 * Web Lock `live:<url>` opens the EventSource and relays what arrives over a BroadcastChannel; the others listen.
 * When the leader goes (closed, reloaded, no subscriber left) its lock is released and the next tab in the queue
 * opens the stream. A hidden page closes its stream at once (pagehide), so a quick reload never waits for it.
 */

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'unsupported';

export interface LiveListener {
  onEvent(data: string): void;
  onState(state: LiveState): void;
}

type Wire = { kind: 'event'; data: string } | { kind: 'state'; state: LiveState } | { kind: 'hello' };

/** What the sharing needs from the browser; tests give their own. */
export interface LiveEnv {
  EventSource: typeof EventSource | undefined;
  BroadcastChannel: typeof BroadcastChannel | undefined;
  locks: LockManager | undefined;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

function browserEnv(): LiveEnv {
  return {
    EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
    BroadcastChannel: typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel,
    locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
    window: typeof window === 'undefined' ? undefined : window,
  };
}

export class SharedStream {
  private readonly listeners = new Set<LiveListener>();
  private last: string | null = null;
  private state: LiveState = 'connecting';
  private running = false;
  private channel: BroadcastChannel | null = null;
  private queued: AbortController | null = null;
  private release: (() => void) | null = null;
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;

  private readonly url: string;
  private readonly eventName: string;
  private readonly override: LiveEnv | undefined;

  constructor(url: string, eventName: string, override?: LiveEnv) {
    this.url = url;
    this.eventName = eventName;
    this.override = override;
  }

  /** Read when used, not when made: the page's globals may change after the module loads (tests stub them). */
  private get env(): LiveEnv {
    return this.override ?? browserEnv();
  }

  /** Starts listening (joining the tabs' queue on the first subscriber); the returned function stops. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (!this.env.EventSource) {
      listener.onState('unsupported');
      return () => this.listeners.delete(listener);
    }
    if (this.listeners.size === 1) {
      this.env.window?.addEventListener('pagehide', this.onPageHide);
      this.env.window?.addEventListener('pageshow', this.onPageShow);
      this.start();
    } else {
      listener.onState(this.state);
      if (this.last !== null) listener.onEvent(this.last);
    }
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.env.window?.removeEventListener('pagehide', this.onPageHide);
      this.env.window?.removeEventListener('pageshow', this.onPageShow);
      this.stop();
    };
  }

  /** True while this tab holds the connection. */
  get leading(): boolean {
    return this.source !== null;
  }

  private start() {
    if (this.running) return;
    this.running = true;
    const { locks, BroadcastChannel: Channel } = this.env;
    if (!locks || !Channel) {
      this.lead(); // no way to share: a stream of its own, as before
      return;
    }
    const name = `live:${this.url}`;
    this.channel = new Channel(name);
    this.channel.onmessage = (e: MessageEvent<Wire>) => this.fromChannel(e.data);
    this.queued = new AbortController();
    locks
      .request(name, { signal: this.queued.signal }, () => {
        if (!this.running) return undefined;
        return new Promise<void>((resolve) => {
          this.release = resolve;
          this.lead();
        });
      })
      .catch(() => {}); // aborted while queued: this tab stopped listening
    // A leader already connected answers with the latest list, so a new tab does not wait for the next change.
    this.channel.postMessage({ kind: 'hello' } satisfies Wire);
  }

  private stop() {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    this.queued?.abort();
    this.queued = null;
    this.release?.();
    this.release = null;
    this.channel?.close();
    this.channel = null;
    this.attempt = 0;
  }

  // The page is hidden for good or put in the back-forward cache: free the connection now, resume if it returns.
  private readonly onPageHide = () => this.stop();
  private readonly onPageShow = (e: Event) => {
    if ((e as PageTransitionEvent).persisted && this.listeners.size > 0) this.start();
  };

  private lead() {
    const ES = this.env.EventSource;
    if (!ES || !this.running) return;
    const source = new ES(this.url, { withCredentials: true });
    this.source = source;
    source.addEventListener('open', () => {
      this.attempt = 0;
      this.setState('live', true);
    });
    source.addEventListener(this.eventName, (e) => {
      this.deliver((e as MessageEvent<string>).data, true);
      this.setState('live', true);
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      this.setState('reconnecting', true);
      // The browser retries a dropped connection itself; a closed one is opened again here, later each time.
      if (source.readyState === 2) {
        source.close();
        const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
        this.attempt += 1;
        this.timer = setTimeout(() => {
          if (this.source === source) this.lead();
        }, delay);
      }
    });
  }

  private fromChannel(message: Wire) {
    if (message.kind === 'hello') {
      if (!this.source) return;
      this.channel?.postMessage({ kind: 'state', state: this.state } satisfies Wire);
      if (this.last !== null) this.channel?.postMessage({ kind: 'event', data: this.last } satisfies Wire);
    } else if (message.kind === 'event') this.deliver(message.data, false);
    else this.setState(message.state, false);
  }

  private deliver(data: string, relay: boolean) {
    // A leader's answer to another tab's hello reaches every tab: one already holding that list ignores it.
    if (!relay && data === this.last) return;
    this.last = data;
    for (const l of this.listeners) l.onEvent(data);
    if (relay) this.channel?.postMessage({ kind: 'event', data } satisfies Wire);
  }

  private setState(state: LiveState, relay: boolean) {
    const changed = state !== this.state;
    this.state = state;
    if (changed) for (const l of this.listeners) l.onState(state);
    if (relay && changed) this.channel?.postMessage({ kind: 'state', state } satisfies Wire);
  }
}

const streams = new Map<string, SharedStream>();

/** The tab's one SharedStream for a URL and event name (several components may listen to the same stream). */
export function liveStream(url: string, eventName: string): SharedStream {
  const key = `${eventName} ${url}`;
  let stream = streams.get(key);
  if (!stream) {
    stream = new SharedStream(url, eventName);
    streams.set(key, stream);
  }
  return stream;
}
