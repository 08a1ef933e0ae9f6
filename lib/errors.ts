import type { FieldError } from "./schemas/field-errors";

// Defined beside the schemas (a leaf), named here too because every error below carries it.
export type { FieldError };

/** The errors Patchbay throws on purpose; `lib/http/problem.ts` turns each into RFC 9457 problem+json. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    detail: string,
    readonly errors?: FieldError[],
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export class InvalidInputError extends ApiError {
  constructor(detail: string, errors?: FieldError[]) {
    super(400, "invalid-input", "Invalid input", detail, errors);
  }
}

export class UnauthorizedError extends ApiError {
  /** `challenge`: the `WWW-Authenticate` value (an OAuth protected resource names its metadata there). */
  constructor(detail = "A valid token is required.", challenge = "Bearer") {
    super(401, "unauthorized", "Unauthorized", detail, undefined, undefined, { "WWW-Authenticate": challenge });
  }
}

export class ForbiddenError extends ApiError {
  constructor(detail: string) {
    super(403, "forbidden", "Forbidden", detail);
  }
}

export class NotFoundError extends ApiError {
  constructor(detail: string) {
    super(404, "not-found", "Not found", detail);
  }
}

export class ConflictError extends ApiError {
  constructor(detail: string, extra?: Record<string, unknown>) {
    super(409, "conflict", "Conflict", detail, undefined, extra);
  }
}

/**
 * DESIGN §14: a write would send literal secrets to where the definition did not connect when they were written, or
 * parameters someone chose would send a server's secrets to where its own parameters do not connect (`detail` says which).
 */
export class SecretDestinationChangedError extends ApiError {
  constructor(keys: string[], detail?: string) {
    super(409, "secret-destination-changed", "Secret destination changed",
      detail ?? `This write changes where the server connects while it keeps literal secrets it does not supply anew (${keys.join(", ")}): type them again in the same write, replace them with \${VAR} placeholders, or (admin) pass ?keep_secrets=true.`,
      undefined, { keys });
  }
}

export class PreconditionFailedError extends ApiError {
  constructor(detail = "The resource changed since you read it (If-Match does not match its ETag).") {
    super(412, "precondition-failed", "Precondition failed", detail);
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(limitBytes: number) {
    super(413, "payload-too-large", "Payload too large", `The body is larger than ${limitBytes} bytes.`);
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor(expected: string) {
    super(415, "unsupported-media-type", "Unsupported media type", `The body must be sent as ${expected}.`);
  }
}

export class UnresolvableError extends ApiError {
  constructor(detail: string, errors?: FieldError[], extra?: Record<string, unknown>) {
    super(422, "unresolvable", "Unprocessable content", detail, errors, extra);
  }
}

/** An all-or-nothing import refused (invalid entries or taken names): nothing was written; the report rides along. */
export class ImportRefusedError extends UnresolvableError {
  constructor(detail: string, readonly report: { errors: FieldError[] } & Record<string, unknown>) {
    const { errors, ...rest } = report;
    super(detail, errors, rest);
  }
}

export class RateLimitedError extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, "rate-limited", "Too many requests", `Rate limit reached; retry in ${retryAfterSeconds} s.`,
      undefined, undefined, { "Retry-After": String(retryAfterSeconds) });
  }
}

/** DESIGN §17: the upstream's authorization server (or its protected-resource metadata) refused or could not be reached. */
export class UpstreamOAuthError extends ApiError {
  constructor(detail: string) {
    super(502, "upstream-oauth-failed", "Upstream OAuth failed", detail);
  }
}

/**
 * DESIGN §19 (seed 003): a server's `support.api_reference_url` could not be read as an OpenAPI document.
 * `reason` says which step failed (`not-a-url` 422; `outbound-refused`, `timeout`, `unreachable`, `http-status`,
 * `too-large`, `not-openapi` 502); the detail names the URL without its credentials or query values.
 */
export class ApiReferenceUnreadableError extends ApiError {
  constructor(readonly reason: string, detail: string) {
    super(reason === "not-a-url" ? 422 : 502, "api-reference-unreadable", "API reference unreadable", detail, undefined, { reason });
  }
}
