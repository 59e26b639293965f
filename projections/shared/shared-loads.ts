/**
 * `load` one at a time, for callers that must see what was written before they asked: a call while a load is on the
 * wire (which may have read before the caller's write) waits for it and then for one more load, shared by every caller
 * that came meanwhile. A failed load fails its callers; the queued one runs all the same.
 */
export function sharedLoads<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const call = (): Promise<T> => {
    if (!running) {
      running = load().finally(() => {
        running = null;
      });
      return running;
    }
    if (!queued) {
      const again = () => {
        queued = null;
        return call();
      };
      queued = running.then(again, again);
    }
    return queued;
  };
  return call;
}
