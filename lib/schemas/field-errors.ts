import type { core, ZodError } from "zod";

import { jsonPointer, pointerSegment } from "./json-pointer";

/** One field that failed, by JSON path (`/transport/url`), with a reason a person can act on. */
export type FieldError = { path: string; message: string };

/** A ZodError as field errors with JSON Pointer paths: for problem+json, import reports and form errors alike. */
export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const path = jsonPointer(issue.path);
    if (issue.code === "unrecognized_keys") {
      return (issue as core.$ZodIssueUnrecognizedKeys).keys.map((key) => ({ path: `${path}/${pointerSegment(key)}`, message: "is not a known field" }));
    }
    return [{ path, message: isMissing(issue) ? "is required" : issue.message }];
  });
}

function isMissing(issue: core.$ZodIssue): boolean {
  return issue.code === "invalid_type" && / received undefined$/.test(issue.message);
}

