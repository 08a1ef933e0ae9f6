import { subscribeToHealthChanges, type Briefing, type HealthEvent } from "../health/health-events";

const HEARTBEAT_MS = 15_000;
const CREDENTIAL_CHECK_MS = 2_000;

/**
 * GET /api/health/events: `data: {"name", "health": R}` on every status change, `event: approval` (data
 * `{"approvals": "changed"}`, nothing more: inboxes re-read GET /api/approvals) when approvals changed, `event: briefing`
 * (seed 000's AgentBriefingEvent: names and statuses, no config) when a negotiation here came out DEGRADED, a comment every 15 s so
 * proxies keep the connection, and everything released when the client goes away or the server shuts down.
 * `isStillAuthorized` is asked every 2 s: the stream ends soon after its session ends or its token is revoked.
 */
export function healthEventStream(signal: AbortSignal, isStillAuthorized: () => Promise<boolean> = async () => true): Response {
  const encoder = new TextEncoder();
  let close = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let isClosed = false;
      const send = (text: string) => {
        try {
          if (!isClosed) controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const { ready, unsubscribe } = subscribeToHealthChanges(
        (event: HealthEvent) => send(`data: ${JSON.stringify(event)}\n\n`),
        () => close(),
        () => send(`event: approval\ndata: {"approvals":"changed"}\n\n`),
        (briefing: Briefing) => send(`event: briefing\ndata: ${JSON.stringify(briefing)}\n\n`),
      );
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      const credentialCheck = setInterval(() => void isStillAuthorized().then((isAuthorized) => isAuthorized || close(), () => close()), CREDENTIAL_CHECK_MS);

      close = () => {
        if (isClosed) return;
        isClosed = true;
        clearInterval(heartbeat);
        clearInterval(credentialCheck);
        unsubscribe();
        signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // the client already went away
        }
      };
      signal.addEventListener("abort", close);
      if (signal.aborted) return close();
      // "connected" once changes from here on are sure to arrive (tests wait for it; browsers ignore comments).
      void ready.then(() => send("retry: 3000\n: connected\n\n"), () => close());
    },
    cancel: () => close(),
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps response compression from buffering the stream
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
