"use client";

import { useMemo } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";

import { Card } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field";
import { setAtPath } from "@/lib/forms/parameter-values";
import { asObject } from "@/lib/forms/schema-properties";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { ParameterFields } from "../validate/parameter-fields";
import { useFieldError } from "./use-field-error";

/**
 * `health_parameters` (DESIGN §1): what the scheduler and "Re-check now" probe with, in a form generated from
 * the schema typed above. Without them a schema with required parameters can only be recorded as `unknown`.
 */
export function HealthParametersSection() {
  const { control } = useFormContext<ServerFormValues>();
  const schemaText = useWatch({ control, name: "parameters_schema" });
  const schema = useMemo(() => parseObject(schemaText), [schemaText]);
  const error = useFieldError("health_parameters");
  if (!schema || Object.keys(asObject(schema.properties) ?? {}).length === 0) return null;

  return (
    <Card title="Health check parameters" id="health-parameters">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        The scheduled health check and “Re-check now” resolve the server with these values (and the schema’s defaults).
      </p>
      <Controller control={control} name="health_parameters" render={({ field }) => (
        <ParameterFields schema={schema} values={field.value}
          onChange={(path, value) => field.onChange(setAtPath(field.value, path, value))} />
      )} />
      {error && <FieldError>{error}</FieldError>}
    </Card>
  );
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}
