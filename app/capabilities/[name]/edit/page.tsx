import type { Metadata } from "next";

import { CapabilityFormPage } from "@/components/capabilities/capability-form-page";
import { RoleRequired } from "@/components/roles/role-required";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit ${decodeURIComponent((await params).name)}` };
}

export default async function EditCapabilityPage({ params }: Props) {
  return <RoleRequired role="editor" what="Editing a capability" back={{ href: "/capabilities", label: "All capabilities" }}><CapabilityFormPage name={decodeURIComponent((await params).name)} /></RoleRequired>;
}
