import { randomUUID } from "node:crypto";

import type { UpstreamScope } from "./types";

type Closer = () => Promise<void>;

/** A scope whose `close()` runs every closer registered on it (stdio children, pooled sessions), once. */
export function openUpstreamScope(id: string = randomUUID()): UpstreamScope & { onClose(closer: Closer): void } {
  const closers: Closer[] = [];
  let closed = false;
  return {
    id,
    isClosed: () => closed,
    onClose(closer) {
      if (closed) void closer();
      else closers.push(closer);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled(closers.splice(0).map((closer) => closer()));
    },
  };
}
