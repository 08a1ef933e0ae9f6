import type { core, ZodError } from "zod";

/** One field that failed, by JSON path (`/transport/url`), with a reason a person can act on. */
export type FieldError = { path: string; message: string };

/** A ZodError as field errors with JSON Pointer paths: for problem+json, import reports and form errors alike. */
export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const path = toJsonPointer(issue.path);
    if (issue.code === "unrecognized_keys") {
      return (issue as core.$ZodIssueUnrecognizedKeys).keys.map((key) => ({ path: `${path}/${escapeToken(key)}`, message: "is not a known field" }));
    }
    return [{ path, message: isMissing(issue) ? "is required" : issue.message }];
  });
}

function isMissing(issue: core.$ZodIssue): boolean {
  return issue.code === "invalid_type" && / received undefined$/.test(issue.message);
}

function toJsonPointer(path: PropertyKey[]): string {
  return path.map((segment) => `/${escapeToken(String(segment))}`).join("");
}

function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
