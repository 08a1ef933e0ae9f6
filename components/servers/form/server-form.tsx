"use client";

import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";

import { serverFormResolver } from "@/lib/forms/server-form-resolver";
import { emptyFormValues, toFormValues, type ServerFormValues } from "@/lib/forms/server-form-values";
import { useFormDraft } from "@/lib/hooks/use-form-draft";
import { useUnsavedChangesGuard } from "@/lib/hooks/use-unsaved-changes-guard";
import type { StoredServer } from "@/lib/query/types";
import type { ServerInput } from "@/lib/schemas/server";
import { DraftNotice } from "@/components/ui/draft-notice";
import { BasicsSection } from "./basics-section";
import { EnvironmentRows } from "./environment-rows";
import { FormFooter } from "./form-footer";
import { HealthParametersSection } from "./health-parameters-section";
import { LabelsSection } from "./labels-section";
import { ParametersSchemaSection } from "./parameters-schema-section";
import { StaleNotice } from "./stale-notice";
import { SupportSection } from "./support-section";
import { TransportSection } from "./transport-section";
import { useServerFormSave } from "./use-server-form-save";

type ServerFormProps = { server?: StoredServer; tagSuggestions: string[] };

/** Create (no `server`) or edit; validated with the API's own schema, saved with If-Match. */
export function ServerForm({ server, tagSuggestions }: ServerFormProps) {
  const form = useForm<ServerFormValues, unknown, ServerInput>({
    resolver: serverFormResolver,
    defaultValues: server ? toFormValues(server) : emptyFormValues(),
    mode: "onTouched",
  });
  // Restored before the form says it is hydrated: what a journey (or a person) sees first is the draft.
  const draft = useFormDraft(form, { form: "server", entity: server?.name ?? "new", revision: server?.revision });
  const save = useServerFormSave(form, server, draft.clear);
  useUnsavedChangesGuard(form.formState.isDirty);
  const draftRevision = draft.restored?.revision;
  // Once, when the draft comes back: later adoptions of a newer version must not be undone.
  useEffect(() => { if (draftRevision !== undefined && server && draftRevision < server.revision) save.rebase(draftRevision); }, [draftRevision]);
  // Marks the moment typing is safe: before hydration, the browser may show inputs React does not own yet.
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);

  return (
    <FormProvider {...form}>
      <form noValidate data-hydrated={isHydrated || undefined} onSubmit={save.onSubmit} aria-label={server ? `Edit ${server.name}` : "New MCP server"} className="flex flex-col gap-6">
        {draft.restored && (
          <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.restored.discard}
            note={server && draft.restored.revision !== undefined && draft.restored.revision !== server.revision
              ? `They were typed over revision ${draft.restored.revision}; the server is now at revision ${server.revision}, so saving will show what changed first.`
              : undefined} />
        )}
        {save.newer && server && (
          <StaleNotice newer={save.newer} openedAt={server.revision} onReapply={save.reapply} onDiscard={save.discard} />
        )}
        <BasicsSection ownName={server?.name} />
        <TransportSection />
        <EnvironmentRows />
        <ParametersSchemaSection />
        <HealthParametersSection />
        <SupportSection />
        <LabelsSection tagSuggestions={tagSuggestions} />
        <FormFooter isSaving={save.isSaving} saveLabel={server ? "Save changes" : "Create server"}
          cancelHref={server ? `/mcp-servers/${encodeURIComponent(server.name)}` : "/mcp-servers"} />
      </form>
    </FormProvider>
  );
}
