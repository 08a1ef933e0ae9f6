"use client";

import { useState } from "react";

import { EnvironmentSelect, useChosenEnvironment } from "@/components/environments/environment-select";
import { TestConnectionPanel } from "@/components/health/test-connection-panel";
import { RequiresRole } from "@/components/roles/requires-role";
import { Card } from "@/components/ui/card";
import { humanError } from "@/lib/forms/human-messages";
import { defaultsOf, setAtPath, type ParameterValues } from "@/lib/forms/parameter-values";
import type { StoredServer } from "@/lib/query/types";
import { ParameterFields } from "./parameter-fields";
import { ResolvedPreview } from "./resolved-preview";
import { useValidation } from "./use-validation";

/**
 * One environment picker (the known environments) and one form generated from the schema: resolved live for
 * the preview, and the very same values are what "Test connection" and its tool calls send.
 */
export function ValidationPanel({ server }: { server: StoredServer }) {
  const [environment, setEnvironment] = useState<string>();
  const [values, setValues] = useState<ParameterValues>(() => defaultsOf(server.parameters_schema));
  // Until a value was changed, what is missing is a to-do, not an error: nothing turns red before any input.
  const [hasEdited, setHasEdited] = useState(false);
  const chosen = useChosenEnvironment(environment);
  const result = useValidation(server.name, server.revision, { environment: chosen, parameters: values });
  const hasParameters = Object.keys(server.parameters_schema?.properties ?? {}).length > 0;
  const parameterErrors = hasEdited ? errorsByParameter(result.data?.errors ?? []) : {};

  return (
    <Card title="Validate and test" id="validate">
      <div className="grid gap-6 md:grid-cols-2">
        <form aria-label="Parameters to validate" className="flex min-w-0 flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
          <EnvironmentSelect id="validate-environment" value={chosen} onChange={setEnvironment} />
          {hasParameters
            ? <ParameterFields schema={server.parameters_schema!} values={values} errors={parameterErrors}
                onChange={(path, value) => { setHasEdited(true); setValues((current) => setAtPath(current, path, value)); }} />
            : <p className="text-sm text-slate-600 dark:text-slate-400">This server takes no parameters.</p>}
        </form>
        <ResolvedPreview result={result} isQuiet={!hasEdited} />
      </div>
      <div className="mt-6">
        <RequiresRole role="editor" fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Testing the connection and calling its tools needs the editor role.</p>}>
          <TestConnectionPanel name={server.name} connection={{ environment: chosen, parameters: values }} />
        </RequiresRole>
      </div>
    </Card>
  );
}

/** `/parameters/…` errors by pointer relative to the parameters, worded for the input they show on. */
function errorsByParameter(errors: { path: string; message: string }[]): Record<string, string> {
  const byPointer: Record<string, string> = {};
  for (const error of errors.map(humanError)) {
    if (!error.path.startsWith("/parameters/")) continue;
    byPointer[error.path.slice("/parameters".length)] ??= error.message;
  }
  return byPointer;
}
