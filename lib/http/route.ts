import type { Operation } from "../api/operation";
import { authorize } from "../auth/authorize";
import type { Principal } from "../auth/principal";
import { visibilityOf, type Visibility } from "../auth/visibility";
import { DEFAULT_BODY_LIMIT, hasNul, NUL_REFUSED, readJsonBody, readTextBody } from "./body";
import { InvalidInputError, UnsupportedMediaTypeError } from "../errors";
import { preserveKeyOrder } from "../schemas/key-order";
import { observeRequest } from "../metrics/http-metrics";
import { isJsonMediaType } from "./media-type";
import { toProblemResponse } from "./problem";

export type RouteContext<P, Q, B> = {
  principal: Principal;
  /** What the caller may see of secrets: decided here, once, for every route. */
  visibility: Visibility;
  params: P;
  query: Q;
  body: B;
  ifMatch: string | null;
  request: Request;
  actor: string;
};

export type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** One handler of the API: the dispatcher (lib/http/dispatcher.ts) finds it by its `operation`'s method and path. */
export type RouteHandler = ((request: Request, context: NextRouteContext) => Promise<Response>) & { operation: Operation<unknown, unknown, unknown> };

/** Names the operation a handler answers (its method and path), for the dispatcher's table. */
export function answering<P, Q, B>(operation: Operation<P, Q, B>, handler: (request: Request, context: NextRouteContext) => Promise<Response>): RouteHandler {
  return Object.assign(handler, { operation: operation as Operation<unknown, unknown, unknown> });
}

/**
 * The only try/catch of the API: parses params, query and body with the operation's zod schemas, calls
 * the handler, and turns whatever is thrown into problem+json; every answer is counted and timed (DESIGN §12).
 */
export function route<P, Q, B>(operation: Operation<P, Q, B>, handler: (context: RouteContext<P, Q, B>) => Promise<Response>) {
  const answer = answerWith(operation, handler);
  return answering(operation, async (request, nextContext) => {
    const startedAt = performance.now();
    const response = await answer(request, nextContext);
    observeRequest(operation, response.status, (performance.now() - startedAt) / 1000);
    return response;
  });
}

function answerWith<P, Q, B>(operation: Operation<P, Q, B>, handler: (context: RouteContext<P, Q, B>) => Promise<Response>) {
  return async (request: Request, nextContext: NextRouteContext): Promise<Response> => {
    let source: "params" | "query" | "body" = "params";
    try {
      // Credentials and role before anything is parsed: a caller without them learns nothing about inputs.
      const principal = await authorize(request, operation);
      const params = (operation.params ? operation.params.parse(refuseNul(await nextContext.params)) : {}) as P;
      source = "query";
      const query = (operation.query ? operation.query.parse(refuseNul(queryObject(request))) : {}) as Q;
      source = "body";
      const body = (operation.body ? await parseBody(operation, request) : undefined) as B;

      return await handler({ params, query, body, ifMatch: request.headers.get("if-match"), request, principal, visibility: visibilityOf(principal), actor: principal.name });
    } catch (error) {
      return toProblemResponse(error, source);
    }
  };
}

async function parseBody<B>(operation: Operation<unknown, unknown, B>, request: Request): Promise<B> {
  const limit = operation.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
  if (operation.rawBody) return operation.body!.parse(await readTextBody(request, limit));

  if (operation.jsonOnly && !isJsonMediaType(request.headers.get("content-type"))) throw new UnsupportedMediaTypeError("application/json");
  const input = await readJsonBody(request, limit, operation.bodyOptional ? {} : undefined);
  return preserveKeyOrder(operation.body!.parse(input), input);
}

function refuseNul<T extends Record<string, unknown>>(values: T): T {
  const found = Object.entries(values).find(([key, value]) => hasNul(key) || (typeof value === "string" && hasNul(value)));
  if (found) throw new InvalidInputError(NUL_REFUSED, [{ path: `/${found[0]}`, message: "contains a NUL character" }]);
  return values;
}

function queryObject(request: Request): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) result[key] ??= value;
  return result;
}
