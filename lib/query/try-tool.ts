import { callKeys } from "./calls";
import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";
import { fromInvokeAnswer, type InvokeAwaiting, type TryOutcome } from "./invoke-result";
import { serverPath } from "./servers";
import type { InvokeResponse } from "../schemas/invoke";

/**
 * `invoke`: POST /api/invoke with `server.tool` and neither agent nor capability — a runner's call (runner, admin).
 * `editor`: the editor's POST …/tools/{tool}/call. Both run the call pipeline (policy, approvals, drift gate,
 * redaction) and are logged; each is the one the caller's role is allowed.
 */
export type TryVia = "invoke" | "editor";
export type TryToolInput = { server: string; tool: string; environment?: string; arguments: Record<string, unknown>; via: TryVia };

/** Calls one tool of a server by the path `via`; the call log is re-read (the call is in it now). */
export function useTryTool() {
  return useWrite(
    (input: TryToolInput): Promise<TryOutcome> => (input.via === "invoke" ? invokeTool(input) : callAsEditor(input)),
    (client) => client.invalidateQueries({ queryKey: callKeys.all }),
  );
}

async function invokeTool({ server, tool, environment, arguments: input }: TryToolInput): Promise<TryOutcome> {
  const answer = await fetchJson<InvokeResponse | InvokeAwaiting>("/api/invoke", { method: "POST", json: { action: `${server}.${tool}`, environment, input } });
  return fromInvokeAnswer(answer);
}

function callAsEditor({ server, tool, environment, arguments: args }: TryToolInput): Promise<TryOutcome> {
  return fetchJson<TryOutcome>(`${serverPath(server)}/tools/${encodeURIComponent(tool)}/call`, { method: "POST", json: { environment, arguments: args } });
}
