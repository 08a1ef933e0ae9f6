import { listServers } from "@/lib/data/server-list";
import { serverListQuerySchema } from "@/lib/schemas/server-query";

export const dynamic = "force-dynamic";
export const metadata = { title: "MCP servers" };

export default async function ServersPage() {
  const { mcp_servers: servers } = await listServers(serverListQuerySchema.parse({}));
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="mb-4 text-2xl font-semibold">MCP servers</h1>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th className="py-2">Name</th><th>Description</th><th>Transport</th><th>Tags</th><th>Version</th>
          </tr>
        </thead>
        <tbody>
          {servers.map((server) => (
            <tr key={server.name} className="border-b border-slate-100 dark:border-slate-900">
              <td className="py-2 font-medium">{server.name}</td>
              <td>{server.description}</td>
              <td>{server.transport_type}</td>
              <td>{server.tags.join(", ")}</td>
              <td>{server.version ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
