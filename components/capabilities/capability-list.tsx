"use client";

import { DocumentList } from "@/components/documents/document-list";
import { CAPABILITY } from "@/lib/query/capabilities";

export function CapabilityList() {
  return <DocumentList title="Capabilities" noun="capability" basePath="/capabilities" kind={CAPABILITY}
    description="Named bundles of MCP servers, with the parameters each needs." />;
}
