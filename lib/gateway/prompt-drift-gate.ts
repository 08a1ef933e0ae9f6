import { getServerPrompts } from "../tools/prompt-pins";
import type { PromptPolicy } from "../schemas/server-behaviour";

/**
 * DESIGN §16 `prompt_policy.on_drift` of a server in an environment, as a test of upstream prompt names (the tools'
 * drift gate, §11): under `block` every prompt of a drifted server is withheld until re-pinned — and, with
 * `prompt_policy.pin: manual`, until someone pins one at all — under `require_approval` the added and changed ones are.
 * True when the prompt is offered.
 */
export async function promptDriftGateOf(server: string, environment: string, policy: PromptPolicy | undefined): Promise<(prompt: string) => boolean> {
  const onDrift = policy?.on_drift ?? "log";
  if (onDrift === "log") return () => true;
  const { drift, pinned_fingerprint } = await getServerPrompts(server, environment);
  if (onDrift === "block" && policy?.pin === "manual" && pinned_fingerprint === null) return () => false;
  if (!drift) return () => true;
  if (onDrift === "block") return () => false;
  const drifted = new Set([...drift.added, ...drift.changed.map((change) => change.name)]);
  return (prompt) => !drifted.has(prompt);
}
