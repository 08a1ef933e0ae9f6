import { ZodError } from "zod";

import { ApiError, type FieldError } from "../errors";
import { zodFieldErrors } from "../schemas/field-errors";
import { textResponse } from "./text-response";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The one mapping from anything thrown to RFC 9457 problem+json. Unexpected errors are logged once, never shown. */
export function toProblemResponse(error: unknown, source: "body" | "query" | "params" = "body"): Response {
  if (error instanceof ApiError) {
    return problem(error.status, error.type, error.title, error.message, error.errors, error.extra, error.headers);
  }
  if (error instanceof ZodError) {
    const detail = source === "body" ? "The body does not match the schema." : `Invalid ${source === "query" ? "query parameters" : "path parameters"}.`;
    return problem(400, "invalid-input", "Invalid input", detail, zodFieldErrors(error));
  }
  console.error("Unexpected error:", error);
  return problem(500, "internal", "Internal server error", "Something went wrong on our side; it has been logged.");
}

export function problem(
  status: number,
  type: string,
  title: string,
  detail: string,
  errors?: FieldError[],
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
): Response {
  const body = { type: `https://patchbay.dev/problems/${type}`, title, status, detail, ...(errors ? { errors } : {}), ...extra };
  return textResponse(JSON.stringify(body), {
    status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", ...headers },
  });
}
