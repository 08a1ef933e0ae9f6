import { useQueryClient, type QueryClient } from "@tanstack/react-query";

import { eachBounded } from "./each-bounded";
import { ifMatch, useWrite } from "./entity";
import { fetchJson, isProblem } from "./fetch-json";
import { healthKeys, recordProbe } from "./health";
import { serverKeys, serverPath } from "./servers";
import type { HealthResult } from "../health/types";
import type { StoredServer, UsedBy } from "./types";

/** One request per server through the existing endpoints, a few at a time, so one slow server holds up no other. */
const CONCURRENCY = 4;

export type BulkAction = { kind: "recheck" } | { kind: "tag"; tag: string } | { kind: "delete" };
/** What became of one server: done (`detail`: its new status, "already tagged") or not, and why. */
export type BulkOutcome = { name: string; isDone: boolean; detail?: string };

/** The servers' list actions for editors: re-check health, add a tag, delete (never forced: a referenced server stays). */
export function useBulkServerAction() {
  const client = useQueryClient();
  return useWrite(
    ({ action, names }: { action: BulkAction; names: string[] }) =>
      eachBounded(names, CONCURRENCY, (name) => settle(name, () => runOne(client, action, name))),
    () => refresh(client),
  );
}

async function runOne(client: QueryClient, action: BulkAction, name: string): Promise<string | undefined> {
  if (action.kind === "recheck") {
    const result = await fetchJson<HealthResult>(`${serverPath(name)}/health-check`, { method: "POST" });
    recordProbe(client, name, result);
    return result.status;
  }
  if (action.kind === "delete") {
    await fetchJson<void>(serverPath(name), { method: "DELETE" });
    return undefined;
  }
  return addTag(name, action.tag);
}

/** Tags are replaced whole by a merge patch: read them, add one, and write only over the revision read (else 412). */
async function addTag(name: string, tag: string): Promise<string | undefined> {
  const { mcp_server: server } = await fetchJson<{ mcp_server: StoredServer }>(`${serverPath(name)}?raw=true`);
  const tags = server.tags ?? [];
  if (tags.includes(tag)) return "already tagged";
  await fetchJson(serverPath(name), { method: "PATCH", json: { tags: [...tags, tag] }, headers: ifMatch(server.revision) });
  return undefined;
}

async function settle(name: string, run: () => Promise<string | undefined>): Promise<BulkOutcome> {
  try {
    return { name, isDone: true, detail: await run() };
  } catch (error) {
    return { name, isDone: false, detail: reasonOf(error) };
  }
}

function reasonOf(error: unknown): string {
  if (isProblem(error, 409) && error.problem.used_by) return `used by ${describeUsers(error.problem.used_by as UsedBy)}`;
  if (isProblem(error, 412)) return "changed meanwhile; try again";
  return error instanceof Error ? error.message : String(error);
}

function describeUsers({ capabilities, agents }: UsedBy): string {
  const users = [
    ...capabilities.map((capability) => `capability ${capability.name}`),
    ...agents.map((agent) => `agent ${agent.name}`),
  ];
  return [...new Set(users)].join(", ");
}

function refresh(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: serverKeys.all }), client.invalidateQueries({ queryKey: healthKeys.all })]);
}
