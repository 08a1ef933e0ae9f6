import type { Metadata } from "next";

import { ServerFormPage } from "@/components/servers/form/server-form-page";
import { RoleRequired } from "@/components/roles/role-required";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit ${decodeURIComponent((await params).name)}` };
}

export default async function EditServerPage({ params }: Props) {
  return <RoleRequired role="editor" what="Editing a server" back={{ href: "/mcp-servers", label: "All servers" }}><ServerFormPage name={decodeURIComponent((await params).name)} /></RoleRequired>;
}
