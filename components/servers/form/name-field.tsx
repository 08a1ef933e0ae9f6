"use client";

import { useFormContext, useWatch } from "react-hook-form";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { useFieldError } from "./use-field-error";
import { useNameAvailability } from "./use-name-availability";

const STATUS = {
  idle: "",
  invalid: "Only lowercase letters, digits, '.', '_' and '-', starting with a letter or digit (at most 100).",
  reserved: "This name is reserved for the dashboard's own pages.",
  checking: "Checking the name…",
  available: "✓ This name is free.",
  taken: "This name is already taken.",
} as const;

/** The server's name, checked against the registry as you type. */
export function NameField({ ownName }: { ownName?: string }) {
  const { register, control } = useFormContext<ServerFormValues>();
  const name = useWatch({ control, name: "name" });
  const availability = useNameAvailability(name ?? "", ownName);
  const error = useFieldError("name");
  const isRefused = availability === "taken" || availability === "invalid" || availability === "reserved";
  const tone = isRefused ? "text-red-700 dark:text-red-400" : availability === "available" ? "text-emerald-700 dark:text-emerald-400" : "text-slate-600 dark:text-slate-400";

  return (
    <Field id="field-name" label="Name" required error={error}
      hint={ownName ? "Renaming is refused while capabilities or agents reference the server." : "Lowercase letters, digits, '.', '_' and '-'. Other things refer to the server by this name."}>
      {(controlProps) => (
        <>
          <Input {...controlProps} {...register("name")} autoComplete="off" spellCheck={false} className="font-mono"
            aria-invalid={controlProps["aria-invalid"] || isRefused || undefined}
            aria-describedby={[controlProps["aria-describedby"], "name-status"].filter(Boolean).join(" ")} />
          <p id="name-status" role="status" aria-live="polite" className={`text-sm empty:hidden ${tone}`}>{STATUS[availability]}</p>
        </>
      )}
    </Field>
  );
}
