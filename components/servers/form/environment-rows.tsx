"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { ArgsRows } from "./args-rows";
import { TextField } from "./text-field";

/** One row per environment: its name and the transport fields it overrides. */
export function EnvironmentRows() {
  const { control } = useFormContext<ServerFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "environments" });
  const type = useWatch({ control, name: "transport.type" });
  const rows = useWatch({ control, name: "environments" }) ?? [];

  return (
    <Card title="Environments" id="environments">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Overrides per environment; anything left empty comes from the transport above.
      </p>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
            <fieldset className="flex flex-col gap-3">
              <legend className="sr-only">Environment {index + 1}</legend>
              <div className="grid gap-3 md:grid-cols-[12rem_1fr]">
                <TextField name={`environments.${index}.name`} label="Environment" required placeholder="production" />
                {type === "stdio"
                  ? <TextField name={`environments.${index}.command`} label="Command override" inputClassName="font-mono" />
                  : <TextField name={`environments.${index}.url`} label="URL override" inputClassName="font-mono" placeholder="https://…" />}
              </div>
              {type === "stdio" && <ArgsRows name={`environments.${index}.args`} legend="Argument overrides" itemLabel="Argument override" />}
              <KeptOverrides extra={rows[index]?.extra} isStdio={type === "stdio"} />
              <Button size="sm" variant="ghost" className="self-end" onClick={() => remove(index)}>
                Remove environment {rows[index]?.name || index + 1}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button size="sm" className="mt-3" onClick={() => append({ name: "", url: "", command: "", args: [], extra: {} })}>Add environment</Button>
    </Card>
  );
}

function KeptOverrides({ extra, isStdio }: { extra?: Record<string, unknown>; isStdio: boolean }) {
  const kept = Object.keys(extra ?? {}).filter((key) => (isStdio ? key === "env" : key === "headers"));
  if (!kept.length) return null;
  const names = kept.flatMap((key) => Object.keys((extra![key] as Record<string, string>) ?? {}));
  return <p className="text-xs text-slate-600 dark:text-slate-400">Also overrides {kept.join(" and ")} ({names.join(", ")}), kept as they are.</p>;
}
