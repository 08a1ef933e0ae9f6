"use client";

import { Controller, useFormContext } from "react-hook-form";

import { Card } from "@/components/ui/card";
import { MultiCombobox } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { useFieldError } from "./use-field-error";

/** Tags (suggested from those already in the registry, new ones created) and provided capability strings. */
export function LabelsSection({ tagSuggestions }: { tagSuggestions: string[] }) {
  const { control } = useFormContext<ServerFormValues>();
  const tagsError = useFieldError("tags");
  const providesError = useFieldError("provides");

  return (
    <Card title="Labels" id="labels">
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="field-tags" label="Tags" error={tagsError} hint="Pick a tag in use or type a new one; Enter adds it.">
          {(props) => (
            <Controller control={control} name="tags" render={({ field }) => (
              <MultiCombobox {...props} value={field.value} onChange={field.onChange} suggestions={tagSuggestions} noun="tag" placeholder="Add a tag…" />
            )} />
          )}
        </Field>
        <Field id="field-provides" label="Provides" error={providesError} hint="Capability strings, e.g. documents:search.">
          {(props) => (
            <Controller control={control} name="provides" render={({ field }) => (
              <MultiCombobox {...props} value={field.value} onChange={field.onChange} suggestions={[]} noun="capability" placeholder="Add a capability…" />
            )} />
          )}
        </Field>
      </div>
    </Card>
  );
}
