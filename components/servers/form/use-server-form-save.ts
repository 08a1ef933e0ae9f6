"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";

import { toFormValues, type ServerFormValues } from "@/lib/forms/server-form-values";
import { isProblem } from "@/lib/query/fetch-json";
import { serverQuery, useSaveServer } from "@/lib/query/servers";
import type { StoredServer } from "@/lib/query/types";
import type { ServerInput } from "@/lib/schemas/server";
import { applyServerErrors } from "./apply-server-errors";

type Target = { name: string; revision: number } | undefined;

/** Saves with If-Match on the revision the form was opened at; on 412 keeps the values and fetches the newer version. */
export function useServerFormSave(form: UseFormReturn<ServerFormValues, unknown, ServerInput>, server: StoredServer | undefined, onSaved: () => void) {
  const save = useSaveServer();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [base, setBase] = useState<Target>(server && { name: server.name, revision: server.revision });
  const [newer, setNewer] = useState<StoredServer | null>(null);

  const submitOver = (target: Target) => form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ input, original: target });
      form.reset(form.getValues()); // clean, so leaving does not ask
      onSaved();
      router.push(`/mcp-servers/${encodeURIComponent(saved.name)}`);
    } catch (error) {
      if (!target || !isProblem(error, 412)) return applyServerErrors(form, error);
      await queryClient.fetchQuery({ ...serverQuery(target.name), staleTime: 0 }).then(setNewer, (cause) => applyServerErrors(form, cause));
    }
  });

  function adopt(version: StoredServer) {
    setBase({ name: version.name, revision: version.revision });
    setNewer(null);
  }

  return {
    onSubmit: submitOver(base),
    /** A restored draft was typed over an older revision: save over that one, so a newer version asks first (412). */
    rebase: (revision: number) => setBase((current) => (current && current.revision !== revision ? { ...current, revision } : current)),
    isSaving: save.isPending,
    newer,
    reapply: () => { adopt(newer!); return submitOver({ name: newer!.name, revision: newer!.revision })(); },
    discard: () => { form.reset(toFormValues(newer!)); adopt(newer!); },
  };
}
