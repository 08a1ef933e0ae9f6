import { ServerFormPage } from "@/components/servers/form/server-form-page";
import { RoleRequired } from "@/components/roles/role-required";

export const dynamic = "force-dynamic";
export const metadata = { title: "New MCP server" };

export default function NewServerPage() {
  return <RoleRequired role="editor" what="Creating a server" back={{ href: "/mcp-servers", label: "All servers" }}><ServerFormPage /></RoleRequired>;
}
