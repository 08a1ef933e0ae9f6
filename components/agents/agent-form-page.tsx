"use client";

import { DocumentFormPage } from "@/components/documents/document-form-page";
import { AGENT } from "@/lib/query/agents";
import { agentInputSchema } from "@/lib/schemas/agent";

export function AgentFormPage({ name }: { name?: string }) {
  return <DocumentFormPage kind={AGENT} schema={agentInputSchema} name={name} hasCapabilities />;
}
