import { getDb, type Tx } from "../db";
import type { ProbedPrompts, ProbePrompt } from "../mcp/list-prompts";
import { jcsSha256, promptsetFingerprint } from "./fingerprint";
import { diffPromptsets, toPromptDefinition, type PromptDefinition, type PromptsetDiff } from "./prompt-definition";
import type { PinMode } from "./tool-catalog";
import { isEmptyDiff } from "./toolset-diff";

export type IngestedPromptset = { promptsetFingerprint: string | null; drift: boolean; newDrift: PromptsetDiff | null };

/**
 * Stores what a successful probe's `prompts/list` said for (server, environment) (DESIGN §16, as tools in §11): the
 * same promptset again only moves `last_seen_at`; another one replaces the current prompts, pins on first use (unless
 * `manual`) and — once per promptset fingerprint — records a drift event against the pin. A failed listing is
 * recorded beside what was last seen, which stays as it was. A server without the prompts capability stores nothing;
 * one that had prompts and drops the capability offers none, which is drift like any removal.
 */
export async function ingestPromptset(
  serverId: number, environment: string, probed: ProbedPrompts, pinMode: PinMode, now = new Date(),
): Promise<IngestedPromptset> {
  const key = { serverId_environment: { serverId, environment } };
  return getDb().$transaction(async (tx) => {
    const current = await tx.promptset.findUnique({ where: key });
    if (probed.error !== null) {
      const row = { listError: probed.error };
      await tx.promptset.upsert({ where: key, update: row, create: { serverId, environment, ...row, ...EMPTY, drift: false, lastSeenAt: now } });
      return { promptsetFingerprint: current?.fingerprint ?? null, drift: current?.drift ?? false, newDrift: null };
    }
    if (probed.prompts === null && !current) return { promptsetFingerprint: null, drift: false, newDrift: null };

    const prompts = fingerprintPrompts(probed.prompts ?? []);
    const fingerprint = promptsetFingerprint([...prompts].map(([name, prompt]) => ({ name, fingerprint: prompt.fingerprint })));
    if (current?.fingerprint === fingerprint) {
      await tx.promptset.update({ where: key, data: { lastSeenAt: now, listError: null } });
      return { promptsetFingerprint: fingerprint, drift: current.drift, newDrift: null };
    }

    const definitions = Object.fromEntries([...prompts].map(([name, prompt]) => [name, prompt.definition]));
    const pinFirstUse = !current?.pinnedPrompts && pinMode === "trust_on_first_use";
    const pinned = current?.pinnedPrompts ? (JSON.parse(current.pinnedPrompts) as Record<string, PromptDefinition>) : null;
    const drift = pinned !== null && current?.pinnedFingerprint !== fingerprint;
    const row = {
      fingerprint, prompts: JSON.stringify(definitions), listError: null, drift, lastSeenAt: now,
      fingerprints: JSON.stringify(Object.fromEntries([...prompts].map(([name, prompt]) => [name, prompt.fingerprint]))),
      ...(pinFirstUse && { pinnedPrompts: JSON.stringify(definitions), pinnedFingerprint: fingerprint, pinnedBy: null, pinnedAt: now }),
    };
    await tx.promptset.upsert({ where: key, update: row, create: { serverId, environment, ...row } });

    const diff = drift && pinned ? diffPromptsets(pinned, definitions) : null;
    if (!diff || isEmptyDiff(diff)) return { promptsetFingerprint: fingerprint, drift, newDrift: null };
    return { promptsetFingerprint: fingerprint, drift, newDrift: await recordDriftOnce(tx, { serverId, environment, fingerprint, diff, now }) };
  });
}

const EMPTY = { fingerprint: null, prompts: "{}", fingerprints: "{}" };

/** Each prompt's fingerprinted object and fingerprint, by name (a name listed twice: the last one counts). */
function fingerprintPrompts(probed: readonly ProbePrompt[]): Map<string, { definition: PromptDefinition; fingerprint: string }> {
  const prompts = new Map<string, { definition: PromptDefinition; fingerprint: string }>();
  for (const prompt of probed) {
    const definition = toPromptDefinition(prompt);
    prompts.set(definition.name, { definition, fingerprint: jcsSha256(definition) });
  }
  return prompts;
}

type DriftSeen = { serverId: number; environment: string; fingerprint: string; diff: PromptsetDiff; now: Date };

/** One drift event per newly seen promptset: the same drifted promptset seen again records nothing. */
async function recordDriftOnce(tx: Tx, seen: DriftSeen): Promise<PromptsetDiff | null> {
  const { serverId, environment, fingerprint } = seen;
  const known = await tx.promptDriftEvent.findUnique({
    where: { serverId_environment_promptsetFingerprint: { serverId, environment, promptsetFingerprint: fingerprint } }, select: { id: true },
  });
  if (known) return null;
  await tx.promptDriftEvent.create({ data: { serverId, environment, at: seen.now, promptsetFingerprint: fingerprint, changes: JSON.stringify(seen.diff) } });
  return seen.diff;
}

/** A deleted server's promptsets and prompt drift events go with it. */
export async function deletePromptCatalog(tx: Tx, serverId: number): Promise<void> {
  await tx.promptset.deleteMany({ where: { serverId } });
  await tx.promptDriftEvent.deleteMany({ where: { serverId } });
}
