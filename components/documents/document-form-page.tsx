"use client";

import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";

import { PageHeader } from "@/components/ui/page-header";
import type { EditableDocument } from "@/lib/forms/document-form-values";
import { documentQuery, type DocumentKind } from "@/lib/query/documents";
import { DocumentLoadError } from "./document-detail";
import { DocumentForm } from "./document-form";

type DocumentFormPageProps = { kind: DocumentKind; schema: z.ZodType; name?: string; hasCapabilities?: boolean };

/** `name` given: load it as stored and edit it (PUT with If-Match); otherwise a blank create form. */
export function DocumentFormPage({ kind, schema, name, hasCapabilities }: DocumentFormPageProps) {
  const existing = useQuery({ ...documentQuery<EditableDocument>(kind, name ?? ""), enabled: name !== undefined, staleTime: Infinity });
  const title = name ? `Edit ${name}` : `New ${kind.key}`;

  if (name && existing.isError) return <DocumentLoadError noun={kind.key} name={name} error={existing.error} />;
  if (name && !existing.data) return <p className="text-slate-600 dark:text-slate-400">Loading…</p>;
  return (
    <>
      <PageHeader title={title} />
      <DocumentForm kind={kind} schema={schema} initial={existing.data?.document} hasCapabilities={hasCapabilities} />
    </>
  );
}
