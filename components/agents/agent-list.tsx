"use client";

import { DocumentList } from "@/components/documents/document-list";
import { AGENT } from "@/lib/query/agents";

export function AgentList() {
  return <DocumentList title="Agents" noun="agent" basePath="/agents" kind={AGENT}
    description="Agents: capabilities plus servers of their own, resolved into a client's config."
    emptyText="An agent is what a runner or an MCP client connects as: its capabilities and servers become one config or one gateway endpoint. Agents appear here once created, imported or synced." />;
}
