"use client";

import { DocumentList } from "@/components/documents/document-list";
import { CAPABILITY } from "@/lib/query/capabilities";

export function CapabilityList() {
  return <DocumentList title="Capabilities" noun="capability" basePath="/capabilities" kind={CAPABILITY}
    description="Named bundles of MCP servers, with the parameters each needs."
    emptyText="A capability names the servers a kind of work needs (with their parameters), so agents can take them as one; they appear here once created, imported or synced." />;
}
