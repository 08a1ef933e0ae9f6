"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { TestConnectionPanel } from "@/components/health/test-connection-panel";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { defaultsOf, setAtPath, type ParameterValues } from "@/lib/forms/parameter-values";
import { environmentsQuery } from "@/lib/query/servers";
import type { StoredServer } from "@/lib/query/types";
import { ParameterFields } from "./parameter-fields";
import { ResolvedPreview } from "./resolved-preview";
import { useValidation } from "./use-validation";

/**
 * One environment picker (the known environments) and one form generated from the schema: resolved live for
 * the preview, and the very same values are what "Test connection" and its tool calls send.
 */
export function ValidationPanel({ server }: { server: StoredServer }) {
  const environments = useQuery(environmentsQuery());
  const [environment, setEnvironment] = useState<string>();
  const [values, setValues] = useState<ParameterValues>(() => defaultsOf(server.parameters_schema));
  const chosen = environment ?? environments.data?.current;
  const result = useValidation(server.name, server.revision, { environment: chosen, parameters: values });
  const hasParameters = Object.keys(server.parameters_schema?.properties ?? {}).length > 0;

  return (
    <Card title="Validate and test" id="validate">
      <div className="grid gap-6 md:grid-cols-2">
        <form aria-label="Parameters to validate" className="flex min-w-0 flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
          <div className="flex flex-col gap-1">
            <label htmlFor="validate-environment" className="text-sm font-medium">Environment</label>
            <Select id="validate-environment" value={chosen ?? ""} onChange={(event) => setEnvironment(event.target.value)}>
              {(environments.data?.environments ?? []).map((name) => <option key={name} value={name}>{name}</option>)}
            </Select>
          </div>
          {hasParameters
            ? <ParameterFields schema={server.parameters_schema!} values={values} onChange={(path, value) => setValues((current) => setAtPath(current, path, value))} />
            : <p className="text-sm text-slate-600 dark:text-slate-400">This server takes no parameters.</p>}
        </form>
        <ResolvedPreview result={result} />
      </div>
      <div className="mt-6">
        <TestConnectionPanel name={server.name} connection={{ environment: chosen, parameters: values }} />
      </div>
    </Card>
  );
}
