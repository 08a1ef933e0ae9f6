import type { ZodType } from "zod";

import type { Role } from "../schemas/role";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One row of the API table: the route wrapper parses with these schemas, the OpenAPI document is built
 * from them, and the role check reads `role` — so the three can never disagree.
 */
export type Operation<P = unknown, Q = unknown, B = unknown> = {
  method: HttpMethod;
  /** OpenAPI style: `/api/mcp-servers/{name}` */
  path: string;
  summary: string;
  tag: string;
  /** The least role that may call it; `public` needs no credentials. */
  role: Role | "public";
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Which per-token budget a call spends; writes by default for every method but GET; `calls` is runner traffic (DESIGN §7). */
  rateLimit?: "writes" | "tests" | "calls" | "none";
  /** Bytes; 1 MiB unless said otherwise. */
  maxBodyBytes?: number;
  /**
   * The body must be sent as `application/json` (else 415): a cross-site HTML form cannot send that
   * without a CORS preflight, so a public endpoint that sets cookies is not reachable by a forged form.
   */
  jsonOnly?: boolean;
  /** When the request carries an `Origin`, it must be this site's own (else 403), credentials or not. */
  refusesForeignOrigin?: boolean;
  /** …or one PATCHBAY_CORS_ORIGINS names exactly (the gateways, DESIGN §16: browser-based MCP clients). */
  admitsListedOrigins?: boolean;
  /**
   * An OAuth protected resource (the gateways, DESIGN §18): besides Patchbay's tokens it takes access tokens of
   * the gateway's authorization server issued for its own URL, and a 401 names its protected-resource metadata.
   */
  protectedResource?: boolean;
  /**
   * Anonymous callers are let in (as viewers) when the switch says so: PATCHBAY_PUBLIC_REGISTRY=true for the
   * `/v0.1` reads of DESIGN §13, PATCHBAY_METRICS_PUBLIC=true for `/metrics` (§12).
   */
  publicWhen?: "registry" | "metrics";
  /** The body is handed to `body` as text (size-limited, not JSON-parsed): for uploads in formats other than JSON. */
  rawBody?: boolean;
  /** A request without a body (or a blank one) is taken as `{}`: DESIGN §3's optional bodies of …/test and …/health-check. */
  bodyOptional?: boolean;
  responses: Record<number, { description: string; schema?: ZodType; contentType?: string }>;
};

export function defineOperation<P = unknown, Q = unknown, B = unknown>(operation: Operation<P, Q, B>): Operation<P, Q, B> {
  return operation;
}

/** A read: GET, open to every viewer, spending no budget (DESIGN §7); the row says the rest. */
export function readOperation<P = unknown, Q = unknown>(operation: Omit<Operation<P, Q, never>, "method" | "role" | "rateLimit" | "body">): Operation<P, Q> {
  return defineOperation<P, Q>({ method: "GET", role: "viewer", rateLimit: "none", ...operation });
}
