"use client";

import { Controller, useFormContext, useWatch } from "react-hook-form";

import { Alert } from "@/components/ui/alert";
import { MultiCombobox } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import type { VariableFormValues } from "@/lib/forms/variable-form-values";
import { useVariableFieldError } from "./use-variable-field-error";

/** Where the variable may resolve: named servers and host globs. A secret must have one or the other. */
export function ScopeFields({ serverSuggestions }: { serverSuggestions: string[] }) {
  const { control } = useFormContext<VariableFormValues>();
  const isSecret = useWatch({ control, name: "secret" });
  const serversError = useVariableFieldError("servers");
  const hostsError = useVariableFieldError("hosts");
  const scopeError = useVariableFieldError("root.scope");

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">Scope{isSecret ? " (required for a secret)" : ""}</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">With a scope, the variable resolves only for these servers and only when the final URL&apos;s host matches.</p>
      {scopeError && <Alert tone="danger">Scope {scopeError}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="variable-servers" label="Servers" error={serversError} hint="Type a server name, then Enter.">
          {(props) => <Controller control={control} name="servers" render={({ field }) => (
            <MultiCombobox {...props} value={field.value} onChange={field.onChange} suggestions={serverSuggestions} noun="server" placeholder="server name" />
          )} />}
        </Field>
        <Field id="variable-hosts" label="Hosts" error={hostsError} hint="Lowercase host names; *.example.com matches any subdomain. Enter adds one.">
          {(props) => <Controller control={control} name="hosts" render={({ field }) => (
            <MultiCombobox {...props} value={field.value} onChange={field.onChange} suggestions={[]} noun="host" placeholder="*.example.com" />
          )} />}
        </Field>
      </div>
    </fieldset>
  );
}
