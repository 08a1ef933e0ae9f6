import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import type { HttpMethod } from "../api/operation";
import { getConfig } from "../env";
import { answerToNode } from "./front-door-answer";
import { toProblemResponse } from "./problem";
import type { RouteHandler } from "./route";

/** What lib/cli/serve.mjs finds on globalThis: `take` answers a hot route and says true, or leaves the request to Next. */
export type FrontDoor = { take: (request: IncomingMessage, response: ServerResponse) => boolean };
export type RouteModule = Partial<Record<HttpMethod, RouteHandler>> & Record<string, unknown>;

const FRONT_DOOR = Symbol.for("patchbay.frontDoor");
/** A body declared this small is read before the handler runs (one Buffer); larger or undeclared ones stream. */
const PREREAD_BYTES = 1024 * 1024;

type Segment = string | { param: string };
/** One of Next's routes (pages too), in Next's order of precedence; `handlers` only on the hot ones. */
type Entry = { segments: Segment[]; handlers?: Partial<Record<string, RouteHandler>> };
type HeaderRule = { pattern: RegExp; headers: { key: string; value: string }[] };

/**
 * The hot routes — what runners and agents call on every start and every tool call — answered by their own
 * route handlers without Next's router in between. That router costs every request about what all of
 * `/api/healthz` costs (~1,600 req/s on one core); through this door, one resolved server of 10,000 answers
 * ~8,000 req/s (bench/api.mjs). Only plain paths are taken: a percent sign, an empty, `.` or `..` segment, a
 * method the module does not export, or tracing being on leaves the request to Next, which answers it as it
 * always has. next.config's headers come from the build's routes manifest, so both doors answer alike
 * (e2e/api/front-door.test.ts compares them).
 */
export function installFrontDoor(modules: RouteModule[], distDir = path.join(process.cwd(), ".next")): void {
  const off = getConfig().PATCHBAY_FRONT_DOOR === "off" || Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
  (globalThis as unknown as Record<symbol, FrontDoor | null>)[FRONT_DOOR] = off ? null : frontDoorFor(modules, distDir);
}

/** The door for a build in `distDir`, or null when its manifests cannot be read or its headers depend on the request. */
export function frontDoorFor(modules: RouteModule[], distDir: string): FrontDoor | null {
  const rules = headerRules(distDir);
  const table = tableOf(modules, distDir);
  if (!rules || !table) return null;
  return { take: (request, response) => take(table, rules, request, response) };
}

/**
 * Every route of the build by segment count, most specific first (a literal segment before a parameter, as
 * Next matches), so a hot pattern never answers a path that Next would give to another route. Catch-alls are
 * left out: Next prefers any route of the same length over them.
 */
function tableOf(modules: RouteModule[], distDir: string): Map<number, Entry[]> | null {
  let routes: string[];
  try {
    routes = Object.values(JSON.parse(fs.readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8")) as Record<string, string>);
  } catch {
    return null;
  }
  const hot = new Map<string, Partial<Record<string, RouteHandler>>>();
  for (const module of modules) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const handler = module[method];
      if (!handler?.operation) continue;
      const route = handler.operation.path.replace(/\{(\w+)\}/g, "[$1]");
      hot.set(route, { ...hot.get(route), [method]: handler });
    }
  }
  const table = new Map<number, Entry[]>();
  for (const route of new Set(routes)) {
    if (route.includes("[...") || route.includes("[[...")) continue;
    const segments: Segment[] = route.split("/").slice(1).filter(Boolean).map((segment) => {
      const param = /^\[(\w+)\]$/.exec(segment);
      return param ? { param: param[1] } : segment;
    });
    table.set(segments.length, [...(table.get(segments.length) ?? []), { segments, handlers: hot.get(route) }]);
  }
  for (const entries of table.values()) entries.sort((a, b) => precedence(a.segments, b.segments));
  return table;
}

function precedence(a: Segment[], b: Segment[]): number {
  for (let index = 0; index < a.length; index++) {
    const aIsParam = typeof a[index] !== "string";
    if (aIsParam !== (typeof b[index] !== "string")) return aIsParam ? 1 : -1;
  }
  return 0;
}

/** next.config's headers, as the build compiled them; none that depends on the request (`has`, `missing`, params). */
function headerRules(distDir: string): HeaderRule[] | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as { headers: { regex: string; headers: HeaderRule["headers"]; has?: unknown; missing?: unknown }[] };
    const plain = manifest.headers.every((rule) => !rule.has && !rule.missing && rule.headers.every(({ value }) => !/:\w/.test(value)));
    return plain ? manifest.headers.map((rule) => ({ pattern: new RegExp(rule.regex), headers: rule.headers })) : null;
  } catch {
    return null;
  }
}

function take(table: Map<number, Entry[]>, rules: HeaderRule[], request: IncomingMessage, response: ServerResponse): boolean {
  const url = request.url ?? "";
  if (!url.startsWith("/") || url.includes("%")) return false;
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = pathname.split("/").slice(1);
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return false;

  const winner = match(table.get(segments.length) ?? [], segments);
  const handler = winner?.entry.handlers?.[request.method ?? ""];
  if (!winner || !handler) return false;
  const href = `${isHttps(request) ? "https" : "http"}://${request.headers.host ?? "localhost"}${url}`;
  if (!URL.canParse(href)) return false;
  void answer(handler, winner.params, href, pathname, rules, request, response);
  return true;
}

function match(entries: Entry[], segments: string[]): { entry: Entry; params: Record<string, string> } | null {
  for (const entry of entries) {
    const params: Record<string, string> = {};
    const fits = entry.segments.every((part, index) => (typeof part === "string" ? part === segments[index] : ((params[part.param] = segments[index]), true)));
    if (fits) return { entry, params };
  }
  return null;
}

async function answer(handler: RouteHandler, params: Record<string, string>, href: string, pathname: string, rules: HeaderRule[], request: IncomingMessage, response: ServerResponse) {
  // First, as Next does: a handler's own header of the same name wins.
  for (const rule of rules) if (rule.pattern.test(pathname)) for (const { key, value } of rule.headers) response.setHeader(key, value);
  const aborted = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) aborted.abort();
  });
  try {
    const webRequest = await toWebRequest(request, href, aborted.signal);
    const webResponse = await handler(webRequest, { params: Promise.resolve(params) });
    await answerToNode(webResponse, request, response, aborted.signal);
  } catch (error) {
    // Handlers answer their own errors as problem+json (lib/http/route.ts): this is the client leaving, or a bug.
    if (aborted.signal.aborted || response.headersSent) {
      if (!aborted.signal.aborted) console.error("Unexpected error:", error);
      return void response.destroy();
    }
    response.removeHeader("content-encoding");
    await answerToNode(toProblemResponse(error), request, response, aborted.signal).catch(() => response.destroy());
  } finally {
    if (!request.complete) discardRest(request);
  }
}

function isHttps(request: IncomingMessage): boolean {
  const forwarded = request.headers["x-forwarded-proto"];
  return forwarded ? forwarded === "https" : "encrypted" in request.socket && Boolean(request.socket.encrypted);
}

async function toWebRequest(request: IncomingMessage, href: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // As Next's server fills them in (base-server.ts), so handlers read the same request either way.
  if (!headers.has("x-forwarded-host") && request.headers.host) headers.set("x-forwarded-host", request.headers.host);
  if (!headers.has("x-forwarded-port") && request.socket.localPort) headers.set("x-forwarded-port", String(request.socket.localPort));
  if (!headers.has("x-forwarded-proto")) headers.set("x-forwarded-proto", isHttps(request) ? "https" : "http");
  if (!headers.has("x-forwarded-for") && request.socket.remoteAddress) headers.set("x-forwarded-for", request.socket.remoteAddress);

  const method = request.method ?? "GET";
  if (method === "GET" || method === "HEAD") return new Request(href, { method, headers, signal });
  return new Request(href, { method, headers, signal, body: await bodyOf(request), duplex: "half" } as RequestInit);
}

/** A small declared body as one Buffer; anything else as a stream, which the handler's size limit reads and cuts off. */
async function bodyOf(request: IncomingMessage): Promise<Buffer | ReadableStream<Uint8Array> | null> {
  const declared = Number(request.headers["content-length"]);
  if (request.headers["transfer-encoding"] === undefined && !(declared > 0)) return null;
  if (!(declared > 0 && declared <= PREREAD_BYTES)) return streamOf(request);
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The request body as a web stream, read as the handler pulls. What it leaves unread (a body refused as too
 * large) is discarded once the answer is out (`discardRest`), as Node does for a body nobody reads, so the
 * connection stays usable.
 */
function streamOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.pause();
        request.on("data", (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        request.once("end", () => controller.close());
        request.once("error", (error) => controller.error(error));
      },
      pull() {
        request.resume();
      },
      cancel: () => discardRest(request),
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

function discardRest(request: IncomingMessage): void {
  request.removeAllListeners("data");
  request.resume();
}
