"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";

import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { MultiCombobox } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toReferenceRows, toReferences } from "@/lib/forms/reference-rows";
import { CAPABILITY } from "@/lib/query/capability-queries";
import { documentListQuery, type DocumentKind } from "@/lib/query/document-queries";
import type { McpServerReferences } from "@/lib/schemas/reference";
import { ReferencesEditor } from "./references-editor";
import { useDocumentFormSave } from "./use-document-form-save";

export type EditableDocument = { name: string; description: string; tags?: string[]; capabilities?: string[]; mcp_servers?: McpServerReferences; revision: number };

/** Create or edit a capability or agent; agents (`hasCapabilities`) also pick capabilities. */
export function DocumentForm({ kind, initial, hasCapabilities = false }: { kind: DocumentKind; initial?: EditableDocument; hasCapabilities?: boolean }) {
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [tags, setTags] = useState(initial?.tags ?? []);
  const [capabilities, setCapabilities] = useState(initial?.capabilities ?? []);
  const [rows, setRows] = useState(() => toReferenceRows(initial?.mcp_servers));
  const known = useQuery({ ...documentListQuery<{ name: string }>(CAPABILITY, ""), enabled: hasCapabilities });
  const original = initial && { name: initial.name, revision: initial.revision };
  const { submit, isPending, isStale, errors } = useDocumentFormSave(kind, original);
  const cancelHref = initial ? `/${kind.collection}/${encodeURIComponent(initial.name)}` : `/${kind.collection}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit({ name: name.trim(), description, tags, ...(hasCapabilities ? { capabilities } : {}), mcp_servers: toReferences(rows) });
  }

  return (
    <form onSubmit={onSubmit} aria-label={`${initial ? "Edit" : "New"} ${kind.key}`} className="flex max-w-3xl flex-col gap-5" noValidate>
      <Field id="document-name" label="Name" required error={errors.fields.name} hint="Lowercase letters, digits, dots, dashes and underscores.">
        {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />}
      </Field>
      <Field id="document-description" label="Description" required error={errors.fields.description}>
        {(control) => <Input {...control} value={description} onChange={(event) => setDescription(event.target.value)} />}
      </Field>
      <Field id="document-tags" label="Tags" error={errors.fields.tags}>
        {(control) => <MultiCombobox {...control} value={tags} onChange={setTags} suggestions={[]} placeholder="Type a tag, then Enter" />}
      </Field>
      {hasCapabilities && (
        <Field id="document-capabilities" label="Capabilities" error={errors.fields.capabilities}>
          {(control) => <MultiCombobox {...control} value={capabilities} onChange={setCapabilities} noun="capability"
            suggestions={(known.data ?? []).map((capability) => capability.name)} placeholder="Search capabilities" />}
        </Field>
      )}
      <ReferencesEditor rows={rows} onChange={setRows} errors={errors.references} />
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
