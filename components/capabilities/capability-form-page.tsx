"use client";

import { DocumentFormPage } from "@/components/documents/document-form-page";
import { CAPABILITY } from "@/lib/query/capabilities";
import { capabilityInputSchema } from "@/lib/schemas/capability";

export function CapabilityFormPage({ name }: { name?: string }) {
  return <DocumentFormPage kind={CAPABILITY} schema={capabilityInputSchema} name={name} />;
}
