"use client";

import { useFormContext, useWatch } from "react-hook-form";

import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/class-names";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { ArgsRows } from "./args-rows";
import { KeyValueRows } from "./key-value-rows";
import { UrlSecretHint } from "./secret-hint";
import { TextField } from "./text-field";

const TRANSPORTS = [
  { value: "http", label: "HTTP", hint: "streamable HTTP" },
  { value: "sse", label: "SSE", hint: "server-sent events" },
  { value: "stdio", label: "stdio", hint: "a local command" },
] as const;

/** The transport switcher, and only the fields of the transport chosen. */
export function TransportSection() {
  const { register, control } = useFormContext<ServerFormValues>();
  const type = useWatch({ control, name: "transport.type" });

  return (
    <Card title="Transport" id="transport">
      <fieldset className="mb-4">
        <legend className="sr-only">Transport type</legend>
        <div className="inline-flex flex-wrap rounded-md border border-slate-300 p-0.5 dark:border-slate-700">
          {TRANSPORTS.map((option) => (
            // The chosen pill's focus ring is drawn inside its fill in the text's colour: one in the fill's colour would not show.
            <label key={option.value} className={cx(
              "relative cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2",
              type === option.value
                ? "bg-indigo-600 text-white has-[:focus-visible]:-outline-offset-4 has-[:focus-visible]:outline-white dark:bg-indigo-400 dark:text-slate-950 dark:has-[:focus-visible]:outline-slate-950"
                : "hover:bg-slate-100 has-[:focus-visible]:outline-indigo-600 dark:hover:bg-slate-800 dark:has-[:focus-visible]:outline-indigo-400",
            )}>
              <input type="radio" value={option.value} {...register("transport.type")} className="absolute inset-0 cursor-pointer opacity-0" />
              {option.label} <span className={cx("font-normal", type === option.value ? "opacity-90" : "text-slate-500 dark:text-slate-400")}>· {option.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {type === "stdio" ? (
        <div className="flex flex-col gap-4">
          <TextField name="transport.command" label="Command" required placeholder="npx" inputClassName="font-mono" />
          <ArgsRows name="transport.args" />
          <KeyValueRows name="transport.env" legend="Environment variables" noun="Variable" keyPlaceholder="API_KEY" />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <TextField name="transport.url" label="URL" required placeholder="https://mcp.example.com/mcp or ${BASE_URL}/mcp" inputClassName="font-mono"
            hint="Absolute http(s) URL; ${VAR} comes from the registry's environment, {{param}} from parameters." />
          <UrlSecretHint />
          <KeyValueRows name="transport.headers" legend="Headers" noun="Header" keyPlaceholder="Authorization" />
        </div>
      )}
    </Card>
  );
}
