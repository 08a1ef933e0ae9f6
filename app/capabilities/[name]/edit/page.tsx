import type { Metadata } from "next";

import { CapabilityFormPage } from "@/components/capabilities/capability-form-page";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit ${decodeURIComponent((await params).name)}` };
}

export default async function EditCapabilityPage({ params }: Props) {
  return <CapabilityFormPage name={decodeURIComponent((await params).name)} />;
}
