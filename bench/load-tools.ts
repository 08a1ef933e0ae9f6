import { createClient } from "../lib/db";
import { toSearchText } from "../lib/data/search-text";
import { toolFingerprint, toolsetFingerprint } from "../lib/tools/fingerprint";
import { trueHints, type ToolDefinition } from "../lib/tools/tool-definition";

const VERBS = ["read", "write", "list", "search", "delete", "create", "update", "fetch", "send", "sync"];
const NOUNS = ["file", "issue", "record", "message", "page", "invoice", "ticket", "image", "repo", "calendar_event"];

/** The `index`-th tool of the bench catalog: names, titles and descriptions from small pools, a few annotated. */
export function benchTool(index: number): ToolDefinition {
  const verb = VERBS[index % VERBS.length];
  const noun = NOUNS[Math.floor(index / VERBS.length) % NOUNS.length];
  return {
    name: `${verb}_${noun}_${index}`,
    title: `${verb} ${noun}`,
    description: `${verb[0].toUpperCase()}${verb.slice(1)}s a ${noun.replace("_", " ")} (tool ${index}) through the vendor API.`,
    input_schema: { type: "object", properties: { id: { type: "string", description: `${noun} id` }, limit: { type: "integer" } }, required: ["id"] },
    ...(index % 3 === 0 && { annotations: { readOnlyHint: verb === "read" || verb === "list" || verb === "search", destructiveHint: verb === "delete" } }),
  };
}

const BATCH = 2_000;

/**
 * `perServer` discovered tools for each of the first `servers` bench servers (ids in insertion order), in
 * `environment`, with their toolsets pinned: what sweeps would have stored, written in batches.
 */
export async function loadTools(databaseUrl: string, servers: number, perServer: number, environment: string): Promise<void> {
  const db = createClient(databaseUrl);
  try {
    const ids = (await db.server.findMany({ orderBy: { id: "asc" }, take: servers, select: { id: true } })).map((row) => row.id);
    const now = new Date();
    let rows: object[] = [];
    let toolsets: object[] = [];
    const flush = async () => {
      await db.$transaction([db.catalogTool.createMany({ data: rows as never }), db.toolset.createMany({ data: toolsets as never })]);
      rows = [];
      toolsets = [];
    };
    let index = 0;
    for (const serverId of ids) {
      const tools = Array.from({ length: perServer }, () => benchTool(index++)).map((definition) => ({ definition, fingerprint: toolFingerprint(definition) }));
      for (const { definition, fingerprint } of tools) {
        const hints = trueHints(definition);
        rows.push({
          serverId, environment, name: definition.name, fingerprint, definition: JSON.stringify(definition),
          searchText: toSearchText([definition.name, definition.title ?? "", definition.description ?? ""]),
          hints: hints.length ? `,${hints.join(",")},` : "", firstSeenAt: now, lastSeenAt: now,
        });
      }
      const fingerprint = toolsetFingerprint(null, tools.map((tool) => ({ name: tool.definition.name, fingerprint: tool.fingerprint })));
      const pinnedTools = JSON.stringify(Object.fromEntries(tools.map((tool) => [tool.definition.name, tool.definition])));
      const pinnedFingerprints = JSON.stringify(Object.fromEntries(tools.map((tool) => [tool.definition.name, tool.fingerprint])));
      toolsets.push({ serverId, environment, fingerprint, pinnedTools, pinnedFingerprints, pinnedFingerprint: fingerprint, pinnedAt: now, drift: false, lastSeenAt: now });
      if (rows.length >= BATCH) await flush();
    }
    if (rows.length > 0) await flush();
  } finally {
    await db.$disconnect();
  }
}
