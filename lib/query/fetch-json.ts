import type { FieldError } from "../errors";

/** An RFC 9457 problem+json body, with the extensions Patchbay adds (`errors`, `used_by`). */
export type Problem = {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
};

/** Thrown for every non-2xx answer; carries the problem+json body (or one made up from the status). */
export class ApiProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.name = "ApiProblemError";
  }

  get status(): number {
    return this.problem.status;
  }

  /** The problem's field errors (`errors[]`), empty when it has none. */
  get errors(): FieldError[] {
    return this.problem.errors ?? [];
  }
}

export function isProblem(error: unknown, status?: number): error is ApiProblemError {
  return error instanceof ApiProblemError && (status === undefined || error.status === status);
}

/** `json` is sent as JSON; `text` (an import file, as it is) as text/plain. */
type FetchJsonInit = Omit<RequestInit, "body"> & { json?: unknown; text?: string };

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

/**
 * Where a server component's prefetch sends `/api/…` (lib/page-data/prefetch-page.ts installs it, in the server's
 * bundle of this module): the API's dispatcher in this process, as the page's caller. In the browser, `fetch`.
 */
let serverFetch: Fetch | undefined;

export function installServerFetch(fetcher: Fetch): void {
  serverFetch = fetcher;
}

/** The one client fetch: JSON out; throws ApiProblemError on any non-2xx answer. A 204 gives `undefined`. */
export async function fetchJson<T>(path: string, { json, text, headers, ...init }: FetchJsonInit = {}): Promise<T> {
  const response = await (serverFetch ?? fetch)(path, {
    ...init,
    headers: { Accept: "application/json", ...contentType(json, text), ...headers },
    body: text ?? (json === undefined ? undefined : JSON.stringify(json)),
  });
  if (response.status === 204) return undefined as T;

  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiProblemError(toProblem(response, body));
  return body as T;
}

function toProblem(response: Response, body: unknown): Problem {
  if (body && typeof body === "object" && "status" in body) return body as Problem;
  return { status: response.status, title: response.statusText || `HTTP ${response.status}` };
}

function contentType(json: unknown, text: string | undefined): Record<string, string> {
  if (text !== undefined) return { "Content-Type": "text/plain; charset=utf-8" };
  return json === undefined ? {} : { "Content-Type": "application/json" };
}
