import { convert } from "../formats/detect";
import { checkServers } from "../import/check-servers";
import type { ServerInput } from "../schemas/server";
import type { UpstreamServer } from "../schemas/upstream";

type OfficialEntry = { server: Record<string, unknown> & { name: string } };

/** One upstream entry as the official converter would import it (DESIGN §6), or why it would not. */
export function previewUpstreamEntry(entry: OfficialEntry): { summary: UpstreamServer; server: ServerInput | null } {
  const converted = convert(JSON.stringify([entry]), { format: "official" });
  const checked = checkServers(converted.servers);
  const server = checked.valid[0]?.server ?? null;
  const problem = converted.skipped[0]?.reason ?? [...converted.errors, ...checked.errors].map((error) => `${error.path} ${error.message}`.trim())[0];

  return {
    server,
    summary: {
      name: entry.server.name,
      description: typeof entry.server.description === "string" ? entry.server.description : "",
      version: typeof entry.server.version === "string" ? entry.server.version : null,
      transport_type: server?.transport.type ?? null,
      preview: server as Record<string, unknown> | null,
      reason: server ? null : (problem ?? "cannot be imported"),
    },
  };
}
