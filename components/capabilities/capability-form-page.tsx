"use client";

import { DocumentFormPage } from "@/components/documents/document-form-page";
import { CAPABILITY } from "@/lib/query/capability-queries";

export function CapabilityFormPage({ name }: { name?: string }) {
  return <DocumentFormPage kind={CAPABILITY} name={name} />;
}
