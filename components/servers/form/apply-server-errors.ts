import type { UseFormReturn } from "react-hook-form";

import { humanMessage } from "@/lib/forms/human-messages";
import { formFieldOf, pointerSegments } from "@/lib/forms/server-form-errors";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { isProblem } from "@/lib/query/fetch-json";
import type { ServerInput } from "@/lib/schemas/server";

type ServerForm = UseFormReturn<ServerFormValues, unknown, ServerInput>;
type AnyField = Parameters<ServerForm["setError"]>[0];

/** problem+json `errors[].path` (JSON pointers into the body) put on the fields they belong to; the rest on the form. */
export function applyServerErrors(form: ServerForm, error: unknown): void {
  const values = form.getValues();
  if (isProblem(error) && error.problem.errors?.length) {
    error.problem.errors.forEach(({ path, message }, index) => {
      form.setError(formFieldOf(pointerSegments(path), values) as AnyField, { type: "server", message: humanMessage(message) }, { shouldFocus: index === 0 });
    });
    return;
  }
  if (isProblem(error, 409)) {
    form.setError("name", { type: "server", message: error.message }, { shouldFocus: true });
    return;
  }
  const message = error instanceof Error ? error.message : "The server could not be saved.";
  form.setError("root.server", { type: "server", message: `Not saved: ${message}` });
}
