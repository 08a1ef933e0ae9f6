import { problem } from "@/lib/http/problem";
import { preflight, withCors } from "@/lib/http/registry-cors";

/** Anything under /v0.1 that no route claims: problem+json (CORS-readable), not an HTML page. */
function notFound(request: Request): Response {
  return withCors(request, problem(404, "not-found", "Not found", `No API route at ${new URL(request.url).pathname}.`));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, preflight as OPTIONS };
