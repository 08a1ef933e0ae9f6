"use client";

import { useEffect, useMemo, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { variableFormResolver } from "@/lib/forms/variable-form-resolver";
import { emptyVariableValues, hasStoredSecretValue, toVariableFormValues, type VariableFormValues } from "@/lib/forms/variable-form-values";
import type { VariableInput, VariableOutput } from "@/lib/schemas/variable";
import { EnvironmentValueRows } from "./environment-value-rows";
import { ScopeFields } from "./scope-fields";
import { useVariableFormSave } from "./use-variable-form-save";

type VariableFormProps = {
  original?: VariableOutput;
  takenNames: string[];
  environments: string[];
  serverSuggestions: string[];
  onDone: () => void;
  onReload?: () => void;
};

/** Create (no `original`) or edit a variable; validated with the API's schema, saved with If-Match. */
export function VariableForm({ original, takenNames, environments, serverSuggestions, onDone, onReload }: VariableFormProps) {
  const resolver = useMemo(() => variableFormResolver(original, takenNames), [original, takenNames]);
  const form = useForm<VariableFormValues, unknown, VariableInput>({
    resolver,
    defaultValues: original ? toVariableFormValues(original) : emptyVariableValues(),
    mode: "onTouched",
  });
  const save = useVariableFormSave(form, original, onDone);
  const isSecret = useWatch({ control: form.control, name: "secret" });
  // This component owns the form, outside its FormProvider: its own fields read the errors directly.
  const { errors } = form.formState;
  const rootError = errors.root?.server?.message;
  // Typing before hydration would go into inputs React does not own yet; tests wait for this mark.
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save.onSubmit} data-hydrated={isHydrated || undefined} aria-label={original ? `Edit ${original.name}` : "New variable"} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="variable-name" label="Name" required error={errors.name?.message} hint={original ? "A variable keeps its name." : "Upper-case letters, digits and _, e.g. CONTEXT_STORE_URL."}>
            {(control) => <Input {...control} {...form.register("name")} readOnly={Boolean(original)} className="font-mono" autoComplete="off" spellCheck={false} />}
          </Field>
          <Field id="variable-description" label="Description" error={errors.description?.message}>
            {(control) => <Input {...control} {...form.register("description")} autoComplete="off" />}
          </Field>
        </div>
        <div className="flex items-start gap-2">
          <input id="variable-secret" type="checkbox" {...form.register("secret")} aria-describedby="variable-secret-hint" className="mt-1 size-4" />
          <div>
            <label htmlFor="variable-secret" className="text-sm font-medium">Secret</label>
            <p id="variable-secret-hint" className="text-xs text-slate-600 dark:text-slate-400">Write-only: stored encrypted, never shown again. A secret needs a scope.</p>
          </div>
        </div>
        <Field id="variable-value" label="Default value" error={errors.value?.message} hint="Used by every environment without its own value below.">
          {(control) => <Input {...control} {...form.register("value")} className="font-mono" autoComplete="off" spellCheck={false} type={isSecret ? "password" : "text"}
            placeholder={isSecret && hasStoredSecretValue(original) ? "•••• (stored; leave empty to keep)" : undefined} />}
        </Field>
        <EnvironmentValueRows known={environments} />
        <ScopeFields serverSuggestions={serverSuggestions} />
        <div aria-live="polite" className="flex flex-col gap-2">
          {save.isStale && (
            <Alert tone="warning" isUrgent title="Not saved: this variable changed since you opened it">
              <p>Someone saved it after you opened it. Load the latest version, then make your change again.</p>
              {onReload && <Button size="sm" className="mt-2" onClick={onReload}>Load the latest version</Button>}
            </Alert>
          )}
          {rootError && <Alert tone="danger" isUrgent title="Not saved">{rootError}</Alert>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={save.isSaving}>{save.isSaving ? "Saving…" : original ? "Save changes" : "Create variable"}</Button>
          <Button variant="ghost" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}
