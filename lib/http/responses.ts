import { etagOf } from "../data/preconditions";
import { textResponse } from "./text-response";

type JsonOptions = { status?: number; revision?: number; headers?: Record<string, string> };

/** A JSON response; `revision` adds the entity's `ETag`. */
export function json(body: unknown, { status = 200, revision, headers }: JsonOptions = {}): Response {
  return textResponse(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...(revision === undefined ? {} : { ETag: etagOf(revision) }),
      ...headers,
    },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}
