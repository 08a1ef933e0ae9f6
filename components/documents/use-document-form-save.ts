"use client";

import { useRouter } from "next/navigation";

import type { DocumentFormErrors } from "@/lib/forms/document-form-errors";
import { sortDocumentErrors } from "@/lib/forms/document-form-errors";
import { DOCUMENT_FIELDS } from "@/lib/forms/document-form-resolver";
import { useSaveDocument, type DocumentKind } from "@/lib/query/documents";
import { isProblem } from "@/lib/query/fetch-json";

/** Save, then (`onSaved`, e.g. dropping the draft) open the saved page; the API's error is turned into what each part of the form shows. */
export function useDocumentFormSave(kind: DocumentKind, original?: { name: string; revision: number }, onSaved?: () => void) {
  const router = useRouter();
  const save = useSaveDocument(kind);
  const error = save.error;
  const isStale = isProblem(error, 412);
  const sorted: DocumentFormErrors = sortDocumentErrors(isProblem(error) ? error.errors : [], DOCUMENT_FIELDS);
  if (error && !isStale && !isProblem(error, 409) && sorted.other.length === 0 && Object.keys(sorted.fields).length === 0 && Object.keys(sorted.references).length === 0) sorted.other.push(error.message);
  if (isProblem(error, 409) && !sorted.fields.name) sorted.fields.name = error.message;

  function submit(input: Record<string, unknown>) {
    save.mutate({ input, original }, {
      onSuccess: (saved) => {
        onSaved?.();
        router.push(`/${kind.collection}/${encodeURIComponent(saved.name)}`);
      },
    });
  }

  return { submit, isPending: save.isPending, isStale, errors: sorted };
}
