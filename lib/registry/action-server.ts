import { getDb } from "../db";
import { InvalidInputError, NotFoundError } from "../errors";

/**
 * Seed 001's `plugin.action` without an agent or capability: the registry server it names. Server names may hold
 * dots too, so every prefix before a dot is a candidate and the longest that names a server wins ("a.b.tool" is
 * server "a.b" when it exists, else server "a"). No dot is a 400 on `/action`; no such server a 404 naming it.
 */
export async function resolveActionServer(action: string): Promise<string> {
  const candidates = [...action.matchAll(/\./g)].map((match) => action.slice(0, match.index)).filter((name) => name !== "");
  if (candidates.length === 0 || action.endsWith(".")) {
    throw new InvalidInputError(`Without agent or capability, action '${action}' must name a server and its tool as 'server.tool'.`, [
      { path: "/action", message: "must be 'server.tool' when neither agent nor capability is given" },
    ]);
  }
  const rows = await getDb().server.findMany({ where: { name: { in: candidates } }, select: { name: true } });
  const found = rows.map((row) => row.name).sort((a, b) => b.length - a.length)[0];
  if (!found) throw new NotFoundError(`Action '${action}' names no MCP server: there is no server '${candidates[0]}'.`);
  return found;
}
