"use client";

import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { JsonEditor } from "./json-editor";
import { ParameterBuilder } from "./parameter-builder";
import { UndeclaredParameters } from "./undeclared-parameters";
import { useFieldError } from "./use-field-error";
import { useSchemaProblems } from "./use-schema-problems";

const STARTER = JSON.stringify({ type: "object", required: [], properties: {} }, null, 2);

/**
 * The parameters schema: a small builder for its parameters, and the whole schema as JSON, checked as a JSON Schema
 * while you type. The JSON is shown as text until someone opens the editor: Monaco (megabytes) loads only then.
 */
export function ParametersSchemaSection() {
  const { control, setValue } = useFormContext<ServerFormValues>();
  const error = useFieldError("parameters_schema");

  return (
    <Card title="Parameters schema" id="parameters-schema">
      <p id="schema-hint" className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        A JSON Schema (draft 2020-12, or draft-07 with <code>$schema</code>) for the <code>{"{{param}}"}</code> values
        callers pass. Leave it empty when the server takes none.
      </p>
      <UndeclaredParameters />
      <Controller control={control} name="parameters_schema" render={({ field }) => (
        <div className="flex flex-col gap-4">
          <ParameterBuilder value={field.value} onChange={field.onChange} />
          <SchemaEditor value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error}
            onStart={() => setValue("parameters_schema", STARTER, { shouldDirty: true })} />
        </div>
      )} />
    </Card>
  );
}

type SchemaEditorProps = { value: string; onChange: (value: string) => void; onBlur: () => void; error?: string; onStart: () => void };

function SchemaEditor({ value, onChange, onBlur, error, onStart }: SchemaEditorProps) {
  const problems = useSchemaProblems(value);
  const shown = error ? [error] : problems;
  // A refused save opens it, so the schema can be mended where the error is shown.
  const [isOpen, setIsOpen] = useState(false);
  const isEditorShown = isOpen || Boolean(error);

  return (
    <div role="group" aria-label="Parameters schema (JSON)" aria-invalid={shown.length ? true : undefined}
      aria-describedby="schema-hint schema-problems" className="flex flex-col gap-2">
      {isEditorShown ? (
        <div id="field-parameters_schema" className={`overflow-hidden rounded-md border ${shown.length ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-700"}`}>
          <JsonEditor value={value} onChange={onChange} onBlur={onBlur} ariaLabel="Parameters schema (JSON)" autoFocus={isOpen} />
        </div>
      ) : value.trim() ? (
        <div id="field-parameters_schema" className="flex flex-col items-start gap-2">
          <CodeBlock value={value} label="Parameters schema as entered" className="max-h-72 w-full overflow-y-auto" />
          <Button size="sm" onClick={() => setIsOpen(true)}>Edit the JSON</Button>
        </div>
      ) : null}
      <div id="schema-problems" aria-live="polite">
        {shown.length > 0 ? (
          <ul className="list-disc pl-5 text-sm text-red-700 dark:text-red-400">
            {shown.map((problem) => <li key={problem}>{problem}</li>)}
          </ul>
        ) : value.trim() ? (
          <p className="text-sm text-emerald-700 dark:text-emerald-400">✓ A valid JSON Schema.</p>
        ) : (
          <Button size="sm" onClick={() => { onStart(); setIsOpen(true); }}>Start from an empty object schema</Button>
        )}
      </div>
    </div>
  );
}
