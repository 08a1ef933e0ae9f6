import { requestDriftApproval } from "../audit/approvals";
import type { PromptsetDiff } from "../tools/prompt-definition";
import type { IngestedToolset } from "../tools/tool-catalog";
import type { ProbeTarget } from "./check-server";

/**
 * A toolset never seen before drifted from the pin (DESIGN §11): one log line naming what changed, whatever
 * `tool_policy.on_drift` says, and under `require_approval` a `drift` approval request whose approval pins that
 * toolset. Hiding drifted tools (`require_approval`, `block`) is the gateway's, which a later issue adds.
 */
export async function onNewDrift(target: ProbeTarget, environment: string, ingested: IngestedToolset): Promise<void> {
  const diff = ingested.newDrift;
  if (!diff) return;
  const onDrift = target.server.tool_policy?.on_drift ?? "log";
  const changed = diff.changed.map((tool) => `${tool.name} (${tool.fields.join(", ")})`);
  console.warn(
    `Patchbay: tools of '${target.server.name}' in '${environment}' drifted from the pin (on_drift: ${onDrift}): ` +
    `added [${diff.added.join(", ")}], removed [${diff.removed.join(", ")}], changed [${changed.join("; ")}]`,
  );
  if (onDrift === "require_approval") await requestDriftApproval(target.server.name, environment, ingested.toolsetFingerprint);
}

/**
 * A promptset never seen before drifted from the pin (DESIGN §16): one log line naming what changed. Withholding
 * drifted prompts under `prompt_policy.on_drift` is the gateway's.
 */
export function onNewPromptDrift(target: ProbeTarget, environment: string, diff: PromptsetDiff): void {
  const onDrift = target.server.prompt_policy?.on_drift ?? "log";
  const changed = diff.changed.map((prompt) => `${prompt.name} (${prompt.fields.join(", ")})`);
  console.warn(
    `Patchbay: prompts of '${target.server.name}' in '${environment}' drifted from the pin (on_drift: ${onDrift}): ` +
    `added [${diff.added.join(", ")}], removed [${diff.removed.join(", ")}], changed [${changed.join("; ")}]`,
  );
}
