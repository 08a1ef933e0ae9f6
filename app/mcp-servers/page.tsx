import { ServerListPage } from "@/components/servers/list/server-list-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "MCP servers" };

export default async function ServersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ServerListPage searchParams={await searchParams} />;
}
