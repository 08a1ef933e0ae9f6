import { ServerResponse } from "node:http";

import { SEED_PATH_MARKER } from "./seed-path-marker";

const INSTALLED = Symbol.for("patchbay.varyAccept");

/**
 * DESIGN §3: what the seed's paths answer depends on `Accept` (the dashboard or the JSON of `/api/…`), so
 * those responses carry `Vary: Accept`. Next 16 replaces a Vary set in proxy.ts with its own (app pages call
 * `setHeader("Vary", …)`, and a rewritten response's Vary is copied over the outer one), so the value is
 * added as the response head goes out instead — for requests proxy.ts marked, and only for those.
 */
export function installVaryAccept(): void {
  const prototype = ServerResponse.prototype as ServerResponse & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;

  const writeHead = prototype.writeHead;
  prototype.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (this.req?.headers[SEED_PATH_MARKER] !== undefined && !this.headersSent) appendVary(this, "Accept");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Adds `field` to the response's Vary unless it is there already (or Vary is `*`). */
export function appendVary(response: ServerResponse, field: string): void {
  const current = response.getHeader("vary");
  const fields = (Array.isArray(current) ? current.join(",") : String(current ?? "")).split(",").map((item) => item.trim()).filter(Boolean);
  if (fields.some((item) => item === "*" || item.toLowerCase() === field.toLowerCase())) return;
  response.setHeader("Vary", [...fields, field].join(", "));
}
