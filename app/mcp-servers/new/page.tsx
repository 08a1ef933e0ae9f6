import { ServerFormPage } from "@/components/servers/form/server-form-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "New MCP server" };

export default function NewServerPage() {
  return <ServerFormPage />;
}
