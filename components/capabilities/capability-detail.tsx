"use client";

import { useQuery } from "@tanstack/react-query";

import { DocumentDetail, DocumentLoadError } from "@/components/documents/document-detail";
import { CAPABILITY, capabilityQuery } from "@/lib/query/capability-queries";

export function CapabilityDetail({ name }: { name: string }) {
  const capability = useQuery(capabilityQuery(name));
  if (capability.isError) return <DocumentLoadError noun="capability" error={capability.error} />;
  if (!capability.data) return <p className="text-slate-600 dark:text-slate-400">Loading…</p>;
  return <DocumentDetail kind={CAPABILITY} document={capability.data.document} warnings={capability.data.warnings} />;
}
