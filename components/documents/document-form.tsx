"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";

import { Alert } from "@/components/ui/alert";
import { DraftNotice } from "@/components/ui/draft-notice";
import { Button, buttonClass } from "@/components/ui/button";
import { MultiCombobox } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { documentFormResolver, fromFormErrors } from "@/lib/forms/document-form-resolver";
import { toDocumentFormValues, type DocumentFormValues, type EditableDocument } from "@/lib/forms/document-form-values";
import { useFormDraft } from "@/lib/hooks/use-form-draft";
import { CAPABILITY } from "@/lib/query/capabilities";
import { documentListQuery, type DocumentKind } from "@/lib/query/documents";
import { invalidReferences } from "@/lib/query/servers";
import { BlueprintPreview } from "./blueprint-preview";
import { EnvironmentSelect, useChosenEnvironment } from "@/components/environments/environment-select";
import { ReferencesEditor } from "./references-editor";
import { useDocumentFormSave } from "./use-document-form-save";
import { useFormReferenceChecks } from "./use-form-reference-checks";

type DocumentFormProps = { kind: DocumentKind; schema: z.ZodType; initial?: EditableDocument; hasCapabilities?: boolean };

/** Create or edit a capability or agent, checked by the API's own `schema`; agents (`hasCapabilities`) also pick capabilities. */
export function DocumentForm({ kind, schema, initial, hasCapabilities = false }: DocumentFormProps) {
  const form = useForm<DocumentFormValues, unknown, Record<string, unknown>>({
    defaultValues: toDocumentFormValues(initial),
    resolver: documentFormResolver(schema, hasCapabilities),
  });
  const known = useQuery({ ...documentListQuery<{ name: string }>(CAPABILITY, ""), enabled: hasCapabilities });
  const draft = useFormDraft(form, { form: kind.key, entity: initial?.name ?? "new", revision: initial?.revision });
  // A restored draft was typed over the revision it was opened at: saving it must not overwrite what came
  // after, unless the user looked and chose to apply it over the latest revision.
  const [isOverLatest, setOverLatest] = useState(false);
  const draftRevision = draft.restored?.revision;
  const isDraftBehind = initial !== undefined && draftRevision !== undefined && draftRevision !== initial.revision && !isOverLatest;
  const original = initial && { name: initial.name, revision: isDraftBehind ? draftRevision : initial.revision };
  const { submit, isPending, isStale, errors: saveErrors } = useDocumentFormSave(kind, original, draft.clear);
  const queryClient = useQueryClient();
  const [environment, setEnvironment] = useState<string>();
  const chosen = useChosenEnvironment(environment);
  const [refused, setRefused] = useState<string[]>([]);

  // Typing before hydration would go into inputs React does not own yet; tests wait for this mark.
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);

  const own = `this ${kind.key}`;
  const checks = useFormReferenceChecks(form.watch("references"), hasCapabilities ? form.watch("capabilities") : [], own, chosen);

  /** The schema check first (resolver), then inline configs being edited and each reference's parameters against its server, then the save. */
  async function save(input: Record<string, unknown>) {
    const rows = form.getValues("references");
    const problems = [
      ...rows.filter((row) => row.inlineError).map((row) => `The inline config ${row.alias} is not valid: ${row.inlineError}.`),
      ...(await invalidReferences(queryClient, rows, chosen)).map((alias) => `The parameters for ${alias} do not satisfy its server's schema; see the fields marked.`),
    ];
    setRefused(problems);
    if (problems.length === 0) submit(input);
  }
  const cancelHref = initial ? `/${kind.collection}/${encodeURIComponent(initial.name)}` : `/${kind.collection}`;

  // The form's own check first; what the API said about the last save where the form found nothing.
  const formErrors = fromFormErrors(form.formState.errors, form.getValues());
  const errors = {
    fields: { ...saveErrors.fields, ...formErrors.fields },
    references: { ...saveErrors.references, ...formErrors.references },
    other: [
      ...(formErrors.other.length ? formErrors.other : saveErrors.other),
      ...refused,
    ],
  };

  return (
    <form onSubmit={form.handleSubmit(save)} data-hydrated={isHydrated || undefined} aria-label={`${initial ? "Edit" : "New"} ${kind.key}`} className="flex max-w-3xl flex-col gap-5" noValidate>
      {draft.restored && (
        <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.restored.discard}
          note={isDraftBehind ? `They were typed over revision ${draftRevision}; this ${kind.key} is now at revision ${initial.revision} (see its history), so saving them is refused until you choose.` : undefined}
          action={isDraftBehind ? { label: `Apply them over revision ${initial.revision}`, onClick: () => setOverLatest(true) } : undefined} />
      )}
      <Field id="document-name" label="Name" required error={errors.fields.name} hint="Lowercase letters, digits, dots, dashes and underscores.">
        {(control) => <Input {...control} {...form.register("name")} autoComplete="off" />}
      </Field>
      <Field id="document-description" label="Description" required error={errors.fields.description}>
        {(control) => <Input {...control} {...form.register("description")} />}
      </Field>
      <Field id="document-tags" label="Tags" error={errors.fields.tags}>
        {(control) => (
          <Controller control={form.control} name="tags" render={({ field }) => (
            <MultiCombobox {...control} value={field.value} onChange={field.onChange} suggestions={[]} placeholder="Type a tag, then Enter" />
          )} />
        )}
      </Field>
      {hasCapabilities && (
        <Field id="document-capabilities" label="Capabilities" error={errors.fields.capabilities}>
          {(control) => (
            <Controller control={form.control} name="capabilities" render={({ field }) => (
              <MultiCombobox {...control} value={field.value} onChange={field.onChange} noun="capability" allowCreate={false}
                suggestions={(known.data ?? []).map((capability) => capability.name)} placeholder="Search capabilities" />
            )} />
          )}
        </Field>
      )}
      {hasCapabilities && (
        <Field id="document-users" label="People" error={errors.fields.users}
          hint="Optional: emails or identity-provider groups. When any are listed, only these people may use the agent's gateway; tokens are unaffected.">
          {(control) => (
            <Controller control={form.control} name="users" render={({ field }) => (
              <MultiCombobox {...control} value={field.value} onChange={field.onChange} noun="person or group" suggestions={[]} placeholder="Type an email or a group, then Enter" />
            )} />
          )}
        </Field>
      )}
      <Controller control={form.control} name="references" render={({ field }) => (
        <ReferencesEditor rows={field.value} onChange={(rows) => { setRefused([]); field.onChange(rows); }} errors={errors.references} isSubmitted={form.formState.isSubmitted}
          checks={checks.filter((check) => check.from === own)} />
      )} />
      {!hasCapabilities && (
        <Field id="document-tools" label="Tools (JSON)" error={errors.fields.tools}
          hint={'Optional: {"include": ["alias.*"], "virtual": [{"name", "source": "alias.tool", "description", "defaults", "output_schema"}]}. Empty exposes every tool of every referenced server.'}>
          {(control) => <Textarea {...control} {...form.register("tools")} rows={8} spellCheck={false} className="font-mono text-xs" />}
        </Field>
      )}
      <section aria-labelledby="preview-title" className="flex flex-col gap-3">
        <h2 id="preview-title" className="text-base font-semibold">Blueprint preview</h2>
        <EnvironmentSelect id="preview-environment" value={chosen} onChange={setEnvironment} />
        <BlueprintPreview checks={checks} />
      </section>
      <div aria-live="polite" className="flex flex-col gap-2">
        {isStale && <Alert tone="danger" isUrgent title="Not saved">This {kind.key} changed since you opened it. Reload the page to edit the latest version (copy your changes first).</Alert>}
        {errors.other.length > 0 && (
          <Alert tone="danger" isUrgent title="Not saved"><ul className="list-disc pl-5">{errors.other.map((message) => <li key={message}>{message}</li>)}</ul></Alert>
        )}
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={isPending}>{isPending ? "Saving…" : initial ? "Save changes" : `Create ${kind.key}`}</Button>
        <Link href={cancelHref} className={buttonClass({ variant: "ghost" })}>Cancel</Link>
      </div>
    </form>
  );
}
