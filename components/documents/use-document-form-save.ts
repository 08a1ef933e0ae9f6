"use client";

import { useRouter } from "next/navigation";

import { sortDocumentErrors } from "@/lib/forms/document-form-errors";
import type { DocumentKind } from "@/lib/query/document-queries";
import { isProblem } from "@/lib/query/fetch-json";
import { useSaveDocument } from "@/lib/query/use-save-document";

const FIELDS = ["name", "description", "tags", "capabilities"];

/** Save, then open the saved page; the error is turned into what each part of the form shows. */
export function useDocumentFormSave(kind: DocumentKind, original?: { name: string; revision: number }) {
  const router = useRouter();
  const save = useSaveDocument(kind);
  const error = save.error;
  const isStale = isProblem(error, 412);
  const sorted = sortDocumentErrors(isProblem(error) ? (error.problem.errors ?? []) : [], FIELDS);
  if (error && !isStale && !isProblem(error, 409) && sorted.other.length === 0 && Object.keys(sorted.fields).length === 0 && Object.keys(sorted.references).length === 0) sorted.other.push(error.message);
  if (isProblem(error, 409) && !sorted.fields.name) sorted.fields.name = error.message;

  function submit(input: Record<string, unknown>) {
    save.mutate({ input, original }, { onSuccess: (saved) => router.push(`/${kind.collection}/${encodeURIComponent(saved.name)}`) });
  }

  return { submit, isPending: save.isPending, isStale, errors: sorted };
}
