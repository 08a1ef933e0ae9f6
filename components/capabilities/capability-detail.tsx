"use client";

import { useQuery } from "@tanstack/react-query";

import { DocumentDetail, DocumentLoadError } from "@/components/documents/document-detail";
import { EffectiveToolsPanel } from "@/components/documents/effective-tools-panel";
import { TargetPromptsPanel, TargetResourcesPanel } from "@/components/documents/target-offerings-panels";
import { CAPABILITY, capabilityQuery } from "@/lib/query/capabilities";
import { CapabilityBlueprint } from "./capability-blueprint";
import { CapabilityUsedBy } from "./capability-used-by";

export function CapabilityDetail({ name }: { name: string }) {
  const capability = useQuery(capabilityQuery(name));
  if (capability.isError) return <DocumentLoadError noun="capability" name={name} error={capability.error} />;
  if (!capability.data) return <p className="text-slate-600 dark:text-slate-400">Loading…</p>;
  const { document } = capability.data;
  return (
    <DocumentDetail kind={CAPABILITY} document={document} warnings={capability.data.warnings}>
      <CapabilityBlueprint name={document.name} references={document.mcp_servers} />
      <EffectiveToolsPanel kind={CAPABILITY} name={document.name} />
      <TargetPromptsPanel kind={CAPABILITY} name={document.name} />
      <TargetResourcesPanel kind={CAPABILITY} name={document.name} />
      <CapabilityUsedBy name={document.name} />
    </DocumentDetail>
  );
}
