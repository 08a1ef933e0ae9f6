"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { EnvironmentSelect, useChosenEnvironment } from "@/components/environments/environment-select";
import { ParameterFields } from "@/components/servers/validate/parameter-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { humanError } from "@/lib/forms/human-messages";
import { missingRequired, pointerOf } from "@/lib/forms/missing-required";
import { defaultsOf, setAtPath, type ParameterValues } from "@/lib/forms/parameter-values";
import { asObject } from "@/lib/forms/schema-properties";
import { pointerSegments } from "@/lib/forms/server-form-errors";
import { isProblem } from "@/lib/query/fetch-json";
import { serverToolsQuery } from "@/lib/query/tools";
import { useTryTool, type TryVia } from "@/lib/query/try-tool";

import { TryItOutcome } from "./try-it-outcome";

type TryItFormProps = { server: string; tool: string; source: string; environment: string | undefined; via: TryVia };

/** The tool's definition in one environment (its input schema), then the form for it; another environment reloads it. */
export function TryItForm({ server, tool, source, environment: initial, via }: TryItFormProps) {
  const [picked, setPicked] = useState(initial);
  const environment = useChosenEnvironment(picked);
  const toolset = useQuery({ ...serverToolsQuery(server, environment), enabled: environment !== undefined });
  const found = toolset.data?.tools.find((entry) => entry.name === tool && entry.source === source) ?? toolset.data?.tools.find((entry) => entry.name === tool);

  return (
    <div className="space-y-4">
      <EnvironmentSelect id="try-it-environment" value={environment} onChange={setPicked} />
      {toolset.isError && <Alert tone="danger" title="The tool could not be loaded">{toolset.error.message}</Alert>}
      {toolset.data && !found && <p>{server} lists no tool {tool} in {environment}: test its connection there first.</p>}
      {found && environment && (
        <ArgumentsForm key={environment} server={server} tool={tool} environment={environment} via={via}
          schema={found.input_schema} description={found.description ?? undefined} />
      )}
    </div>
  );
}

type ArgumentsFormProps = { server: string; tool: string; environment: string; via: TryVia; schema: Record<string, unknown>; description?: string };

/**
 * One input per argument, generated from the input schema. A required argument left empty is named when the
 * field is left, or on "Call" (nothing is sent then); what the server finds wrong comes back on the fields too.
 */
function ArgumentsForm({ server, tool, environment, via, schema, description }: ArgumentsFormProps) {
  const [values, setValues] = useState<ParameterValues>(() => defaultsOf(schema));
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitted, setSubmitted] = useState(false);
  const call = useTryTool();
  const hasArguments = Object.keys(asObject(schema.properties) ?? {}).length > 0;

  const missing = missingRequired(schema, values);
  const shown = Object.fromEntries(Object.entries(missing).filter(([pointer]) => isSubmitted || left.has(pointer)));
  const fromServer = serverFieldErrors(call.error);
  const errors = sentencesByPointer({ ...fromServer, ...shown });
  const unplaced = Object.entries(errors).filter(([pointer]) => !hasField(schema, pointer)).map(([, sentence]) => sentence);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(missing).length > 0) return focusField(Object.keys(missing)[0]);
    call.mutate({ server, tool, environment, arguments: values, via });
  }

  return (
    <form aria-label={`Arguments of ${tool}`} noValidate onSubmit={onSubmit} className="space-y-4">
      {description && <p className="text-slate-700 dark:text-slate-300">{description}</p>}
      {hasArguments
        ? <ParameterFields schema={schema} values={values} errors={errors} idPrefix="try-it"
            onLeave={(path) => setLeft((current) => new Set(current).add(pointerOf(path)))}
            onChange={(path, value) => { call.reset(); setValues((current) => setAtPath(current, path, value)); }} />
        : <p className="text-slate-600 dark:text-slate-400">This tool takes no arguments.</p>}
      {isSubmitted && Object.keys(missing).length > 0 && (
        <Alert tone="danger" title="Not called yet" isUrgent>{Object.values(sentencesByPointer(missing)).join(" ")}</Alert>
      )}
      {unplaced.length > 0 && <Alert tone="danger" isUrgent>{unplaced.join(" ")}</Alert>}
      <Button type="submit" variant="primary" disabled={call.isPending}>{call.isPending ? "Calling…" : "Call"}</Button>
      <TryItOutcome outcome={call.data} error={call.error} />
    </form>
  );
}

/** `/input/…` (POST /api/invoke) and `/arguments/…` (the editor's call) errors, by pointer into the arguments. */
function serverFieldErrors(error: Error | null): Record<string, string> {
  if (!isProblem(error)) return {};
  const byPointer: Record<string, string> = {};
  for (const { path, message } of error.errors) {
    const match = /^\/(?:input|arguments)(\/.*)?$/.exec(path);
    if (match) byPointer[match[1] ?? ""] ??= message;
  }
  return byPointer;
}

/** Each message as a sentence naming its argument ("message is required."). */
function sentencesByPointer(messages: Record<string, string>): Record<string, string> {
  const sentences: Record<string, string> = {};
  for (const [pointer, message] of Object.entries(messages)) {
    const human = humanError({ path: pointer, message });
    sentences[human.path] ??= human.sentence;
  }
  return sentences;
}

/** Whether the generated form has an input for the pointer (else its message is shown below the fields). */
function hasField(schema: Record<string, unknown>, pointer: string): boolean {
  const keys = pointerSegments(pointer);
  let current: Record<string, unknown> | undefined = schema;
  for (const key of keys) current = asObject(asObject(current?.properties)?.[key]);
  return keys.length > 0 && current !== undefined;
}

function focusField(pointer: string) {
  document.getElementById(`try-it-${pointerSegments(pointer).join("-")}`)?.focus();
}
