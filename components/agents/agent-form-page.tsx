"use client";

import { DocumentFormPage } from "@/components/documents/document-form-page";
import { AGENT } from "@/lib/query/agent-queries";

export function AgentFormPage({ name }: { name?: string }) {
  return <DocumentFormPage kind={AGENT} name={name} hasCapabilities />;
}
