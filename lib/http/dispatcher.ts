import type { HttpMethod } from "../api/operation";
import { problem } from "./problem";
import { corsPolicyOf, preflight, withCors } from "./cors";
import type { RouteHandler } from "./route";
import { API_RESPONSE_HEADERS } from "./security-headers";

/**
 * Answers one API request, whichever mount it came through (DESIGN §15). `pathname` is the API path the mount
 * routed (under Next, a seed path's `/api/…` twin, which the request's own URL does not show); by default the URL's.
 */
export type Dispatch = (request: Request, pathname?: string) => Promise<Response>;

/** One path segment of the table: literal children first, then the parameter, as the operation paths read. */
type Node = {
  literals: Map<string, Node>;
  param?: { name: string; node: Node };
  handlers: Partial<Record<HttpMethod, RouteHandler>>;
};

/**
 * The one router of the API: every handler is found by its operation's method and path (`/api/mcp-servers/{name}`),
 * a literal segment before a parameter; no other table exists. Paths are matched decoded, one segment at a
 * time, so a name may hold an encoded slash. What no operation claims is a problem+json 404 (CORS-readable
 * under `/v0.1`), a known path asked with another method a 405 naming the allowed ones, HEAD is GET without its
 * body, and OPTIONS is a CORS preflight where the path has a CORS policy (lib/http/cors.ts: `/v0.1`, `/mcp`) or
 * the list of methods. Every answer carries the API's security headers unless the handler set its own, and under
 * a CORS policy its CORS headers, errors included.
 */
export function dispatcherFor(handlers: readonly RouteHandler[]): Dispatch {
  const root = tableOf(handlers);
  return async (request, pathname) => withApiHeaders(await answer(root, request, pathname));
}

async function answer(root: Node, request: Request, pathname: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  if (pathname !== undefined) url.pathname = pathname;
  const cors = corsPolicyOf(url.pathname);
  if (cors && request.method.toUpperCase() === "OPTIONS") return preflight(cors, request);
  const response = await route(root, request, url);
  return cors ? mutableHeaders(response, (headers) => withCors(cors, request, headers)) : response;
}

function tableOf(handlers: readonly RouteHandler[]): Node {
  const root = emptyNode();
  for (const handler of handlers) {
    const { method, path } = handler.operation;
    let node = root;
    for (const segment of path.split("/").slice(1)) {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) {
        node = node.literals.get(segment) ?? node.literals.set(segment, emptyNode()).get(segment)!;
        continue;
      }
      node.param ??= { name: param[1], node: emptyNode() };
      if (node.param.name !== param[1]) throw new Error(`${path}: {${param[1]}} where another operation has {${node.param.name}}`);
      node = node.param.node;
    }
    if (node.handlers[method]) throw new Error(`${method} ${path} has two handlers`);
    node.handlers[method] = handler;
  }
  return root;
}

function emptyNode(): Node {
  return { literals: new Map(), handlers: {} };
}

async function route(root: Node, request: Request, url: URL): Promise<Response> {
  const segments = decodedSegments(url.pathname);
  if (!segments) return problem(400, "invalid-input", "Invalid input", "The path is not validly percent-encoded.");
  if (segments.length > 1 && segments.at(-1) === "") return redirectWithoutTrailingSlash(url);

  const found = match(root, segments, 0, {});
  const method = request.method.toUpperCase();
  if (!found) return problem(404, "not-found", "Not found", `No API route at ${url.pathname}.`);

  const { node, params } = found;
  const handler = node.handlers[(method === "HEAD" ? "GET" : method) as HttpMethod];
  if (handler) {
    const response = await handler(request, { params: Promise.resolve(params) });
    return method === "HEAD" ? new Response(null, response) : response;
  }
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allowed(node) } });
  return problem(405, "method-not-allowed", "Method not allowed", `${url.pathname} answers ${allowed(node)}.`, undefined, undefined, { Allow: allowed(node) });
}

/** The path's segments, percent-decoded; null when one is not validly encoded. */
function decodedSegments(pathname: string): string[] | null {
  try {
    return pathname.split("/").slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

function match(node: Node, segments: string[], index: number, params: Record<string, string>): { node: Node; params: Record<string, string> } | null {
  if (index === segments.length) return Object.keys(node.handlers).length ? { node, params } : null;
  const segment = segments[index];
  const literal = node.literals.get(segment);
  const viaLiteral = literal && match(literal, segments, index + 1, params);
  if (viaLiteral) return viaLiteral;
  if (!node.param || segment === "") return null;
  return match(node.param.node, segments, index + 1, { ...params, [node.param.name]: segment });
}

function allowed(node: Node): string {
  const methods = Object.keys(node.handlers);
  return [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}

/** As Next answers a path with a trailing slash: a permanent redirect to the path without it. */
function redirectWithoutTrailingSlash(url: URL): Response {
  return new Response(null, { status: 308, headers: { Location: `${url.pathname.replace(/\/+$/, "")}${url.search}` } });
}

/** The API's security headers on every answer, but where the handler set its own. */
function withApiHeaders(response: Response): Response {
  return mutableHeaders(response, addMissingApiHeaders);
}

/** `change` applied to the response's headers; a Response whose headers are fixed (a fetched one) is copied first. */
function mutableHeaders(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    change(copy.headers);
    return copy;
  }
}

function addMissingApiHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) if (!headers.has(name)) headers.set(name, value);
}
