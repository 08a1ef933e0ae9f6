"use client";

import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";

import { serverFormResolver } from "@/lib/forms/server-form-resolver";
import { emptyFormValues, toFormValues, type ServerFormValues } from "@/lib/forms/server-form-values";
import { useUnsavedChangesGuard } from "@/lib/hooks/use-unsaved-changes-guard";
import type { StoredServer } from "@/lib/query/types";
import type { ServerInput } from "@/lib/schemas/server";
import { BasicsSection } from "./basics-section";
import { EnvironmentRows } from "./environment-rows";
import { FormFooter } from "./form-footer";
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
  const save = useServerFormSave(form, server);
  useUnsavedChangesGuard(form.formState.isDirty);
  // Marks the moment typing is safe: before hydration, the browser may show inputs React does not own yet.
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);

  return (
    <FormProvider {...form}>
      <form noValidate data-hydrated={isHydrated || undefined} onSubmit={save.onSubmit} aria-label={server ? `Edit ${server.name}` : "New MCP server"} className="flex flex-col gap-6">
        {save.newer && server && (
          <StaleNotice newer={save.newer} openedAt={server.revision} onReapply={save.reapply} onDiscard={save.discard} />
        )}
        <BasicsSection ownName={server?.name} />
        <TransportSection />
        <EnvironmentRows />
        <ParametersSchemaSection />
        <SupportSection />
        <LabelsSection tagSuggestions={tagSuggestions} />
        <FormFooter isSaving={save.isSaving} saveLabel={server ? "Save changes" : "Create server"}
          cancelHref={server ? `/mcp-servers/${encodeURIComponent(server.name)}` : "/mcp-servers"} />
      </form>
    </FormProvider>
  );
}
