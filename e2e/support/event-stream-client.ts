import { createParser } from "eventsource-parser";

/**
 * Reads a server-sent event stream over real HTTP and hands out its `data:` payloads as parsed JSON. Resolves
 * once the server's `: connected` comment arrived, i.e. once changes from then on are sure to be delivered.
 */
export type EventStreamClient = {
  status: number;
  contentType: string | null;
  events: unknown[];
  comments: string[];
  waitFor<T = any>(predicate: (event: any) => boolean, timeoutMs?: number): Promise<T>;
  /** Settles when the server ends the stream (or `close` aborts it). */
  ended: Promise<void>;
  close(): Promise<void>;
};

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { Accept: "text/event-stream", ...headers }, signal: controller.signal });
  const events: unknown[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();

  const parser = createParser({
    // A named event (`event: approval`) carries its name beside its data.
    onEvent: (event) => events.push(event.event ? { event: event.event, ...JSON.parse(event.data) } : JSON.parse(event.data)),
    onComment: (comment) => comments.push(comment.trim()),
  });
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done || value === undefined) return;
      parser.feed(value);
      waiters.forEach((wake) => wake());
    }
  })();

  const client: EventStreamClient = {
    status: response.status,
    contentType: response.headers.get("content-type"),
    events,
    comments,
    ended: reading,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found === undefined) return;
          cleanup();
          resolve(found as never);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
  if (response.ok) await waitForComment(comments, waiters, "connected");
  return client;
}

function waitForComment(comments: string[], waiters: Set<() => void>, text: string, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${text}' comment within ${timeoutMs} ms`)), timeoutMs);
    const check = () => {
      if (!comments.includes(text)) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve();
    };
    waiters.add(check);
    check();
  });
}
