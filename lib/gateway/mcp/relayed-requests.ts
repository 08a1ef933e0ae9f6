import {
  ProtocolError, ProtocolErrorCode, ResourceNotFoundError, UriTemplate,
  type CompleteRequest, type CompleteResult, type GetPromptResult, type LoggingLevel, type Prompt, type ReadResourceResult, type Resource, type ResourceTemplateType,
} from "@modelcontextprotocol/server";

import { canCallLean, requestCheckedLean } from "../../mcp/lean-requests";
import type { McpSession } from "../../mcp/mcp-session";
import { exposedName } from "../../resolve/exposed-names";
import { promptEnabled, resourceEnabled } from "../../tools/prompt-resource-policy";
import { promptDriftGateOf } from "../prompt-drift-gate";
import { ConnectRequiredError, loadTargetUpstreams, reachUpstream } from "../target-upstreams";
import type { UpstreamResume } from "../types";
import {
  askedOrAnswered, observed, redacted, UnansweredError, underCircuits, unlistedBecause,
  type Reached, type RelayedRequestContext, type Scoped, type Unlisted,
} from "./relay-answers";
import type { UpstreamAsk } from "./upstream-ask";

/** Where a listed prompt, resource or template came from. */
export type ListedFrom = { server: string; alias: string };

/**
 * Prompts of every referenced server that offers them, named as the target names tools (`alias.name`, the
 * server's own name under `"names": "bare"`, `tool_names`); a name two servers claim goes to the first (DESIGN §16). A server that cannot be reached is
 * left out of the list rather than failing it. A prompt its server's `prompt_policy` disables, or its drift gate
 * (`prompt_policy.on_drift`) withholds, is neither listed nor gettable nor completable: it is an unknown name.
 */
export async function listPrompts(context: RelayedRequestContext): Promise<{ prompts: Prompt[] }> {
  const claimed = await underCircuits(context, (scoped) => claimedPrompts(scoped, "refresh"));
  return { prompts: [...claimed.values()].map(({ exposed, prompt }) => ({ ...prompt, name: exposed })) };
}

/**
 * `prompts/list` as the gateway answers it, each prompt with the server and alias it comes from and its upstream
 * name, and the servers left out and why (the dashboard's view of a target, DESIGN §16).
 */
export async function listPromptsWithOrigin(context: RelayedRequestContext): Promise<{ prompts: (Prompt & ListedFrom & { upstreamName: string })[]; unlisted: Unlisted[] }> {
  const unlisted: Unlisted[] = [];
  const claimed = await underCircuits(context, (scoped) => claimedPrompts(scoped, "refresh", unlisted));
  const prompts = [...claimed.values()].map(({ exposed, prompt, reached }) => ({ ...prompt, name: exposed, upstreamName: prompt.name, ...origin(reached) }));
  return { prompts, unlisted };
}

/**
 * A prompt none of the reached servers offers, while a server was left out — a `per_user` one the caller has not
 * connected to (DESIGN §17), one whose circuit is open or that did not answer (DESIGN §12) — may be that server's:
 * its error, naming it, is thrown; else the name is unknown.
 */
export async function getPrompt(context: RelayedRequestContext, params: { name: string; arguments?: Record<string, string> }, resume?: UpstreamResume): Promise<GetPromptResult | UpstreamAsk> {
  return underCircuits(context, async (scoped) => {
    const unreached: ProtocolError[] = [];
    const owner = (await claimedPrompts(scoped, "recent", undefined, unreached)).get(params.name);
    if (!owner) throw unreached[0] ?? new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${params.name}`);
    const asked = { name: owner.prompt.name, ...(params.arguments ? { arguments: params.arguments } : {}) };
    return redacted(owner.reached, () => observed(scoped, owner.reached, upstreamPrompt(owner.reached.session, asked, context.signal, resume)).then(askedOrAnswered));
  });
}

/**
 * The upstream's prompts/get (and below, resources/read): on a legacy-era streamable HTTP session as one POST of
 * our own, as tools/call goes (lib/mcp/lean-requests.ts: the SDK client's per-message work was most of a relayed
 * request's CPU); through the SDK client otherwise, and for the retry of a 2026-07-28 upstream's input round.
 */
function upstreamPrompt(session: McpSession, asked: { name: string; arguments?: Record<string, string> }, signal: AbortSignal, resume: UpstreamResume | undefined) {
  if (canCallLean(session) && !resume) return requestCheckedLean(session, "prompts/get", asked, signal);
  return session.client.getPrompt({ ...asked, ...resume }, { signal, allowInputRequired: true });
}

function upstreamResource(session: McpSession, uri: string, signal: AbortSignal, resume: UpstreamResume | undefined) {
  if (canCallLean(session) && !resume) return requestCheckedLean(session, "resources/read", { uri }, signal);
  return session.client.readResource({ uri, ...resume }, { signal, allowInputRequired: true, cacheMode: "bypass" });
}

/** Resources keep their URIs; a URI two servers offer goes to the first. */
export async function listResources(context: RelayedRequestContext): Promise<{ resources: Resource[] }> {
  const { resources } = await underCircuits(context, (scoped) => resourceOwners(scoped, "refresh"));
  return { resources: [...resources.values()].map(({ resource }) => resource) };
}

export async function listResourceTemplates(context: RelayedRequestContext): Promise<{ resourceTemplates: ResourceTemplateType[] }> {
  const { templates } = await underCircuits(context, (scoped) => resourceOwners(scoped, "refresh"));
  return { resourceTemplates: templates.map(({ template }) => template) };
}

/**
 * `resources/list` and `resources/templates/list` as the gateway answers them, each entry with the server and alias
 * it comes from, and the servers left out and why.
 */
export async function listResourcesWithOrigin(context: RelayedRequestContext): Promise<{ resources: (Resource & ListedFrom)[]; resourceTemplates: (ResourceTemplateType & ListedFrom)[]; unlisted: Unlisted[] }> {
  const unlisted: Unlisted[] = [];
  const { resources, templates } = await underCircuits(context, (scoped) => resourceOwners(scoped, "refresh", unlisted));
  return {
    resources: [...resources.values()].map(({ resource, reached }) => ({ ...resource, ...origin(reached) })),
    resourceTemplates: templates.map(({ template, reached }) => ({ ...template, ...origin(reached) })),
    unlisted,
  };
}

function origin({ upstream }: Reached): ListedFrom {
  return { server: upstream.server, alias: upstream.alias };
}

/**
 * A URI no referenced server offers (listed, or matching one of its templates) is the spec's resource-not-found — or,
 * when a `per_user` server the caller has not connected to was left out, that server's ConnectRequiredError.
 */
export async function readResource(context: RelayedRequestContext, uri: string, resume?: UpstreamResume): Promise<ReadResourceResult | UpstreamAsk> {
  return underCircuits(context, async (scoped) => {
    const owner = await ownerOfUri(scoped, uri);
    return redacted(owner, () => observed(scoped, owner, upstreamResource(owner.session, uri, context.signal, resume)).then(askedOrAnswered));
  });
}

export async function subscribeResource(context: RelayedRequestContext, uri: string): Promise<Record<string, never>> {
  const owner = await ownerOfUri(context, uri);
  await redacted(owner, () => owner.session.client.subscribeResource({ uri }, { signal: context.signal }));
  return {};
}

export async function unsubscribeResource(context: RelayedRequestContext, uri: string): Promise<Record<string, never>> {
  const owner = await ownerOfUri(context, uri);
  await redacted(owner, () => owner.session.client.unsubscribeResource({ uri }, { signal: context.signal }));
  return {};
}

/** `completion/complete`, routed by the prompt or resource template it names; its values and its errors redacted as a prompt's are. */
export async function complete(context: RelayedRequestContext, params: CompleteRequest["params"]): Promise<CompleteResult> {
  const { ref } = params;
  return underCircuits(context, async (scoped) => {
    if (ref.type === "ref/prompt") {
      const owner = (await claimedPrompts(scoped, "recent")).get(ref.name);
      if (!owner) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${ref.name}`);
      return redacted(owner.reached, () => observed(scoped, owner.reached, owner.reached.session.client.complete({ ...params, ref: { ...ref, name: owner.prompt.name } }, { signal: context.signal })));
    }
    const { templates } = await resourceOwners(scoped, "recent");
    const owner = templates.find(({ template }) => template.uriTemplate === ref.uri);
    if (!owner) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource template: ${ref.uri}`);
    return redacted(owner.reached, () => observed(scoped, owner.reached, owner.reached.session.client.complete(params, { signal: context.signal })));
  });
}

/** `logging/setLevel`, passed on to every referenced server that logs; one that cannot be reached is skipped. */
export async function setLogLevel(context: RelayedRequestContext, level: LoggingLevel): Promise<void> {
  const reached = await reachOffering(context, "logging");
  await Promise.allSettled(reached.map(({ session }) => session.client.setLoggingLevel(level, { signal: context.signal })));
}

async function claimedPrompts(context: Scoped, freshness: Freshness, unlisted?: Unlisted[], unreached?: ProtocolError[]): Promise<Map<string, { exposed: string; prompt: Prompt; reached: Reached }>> {
  const reached = await reachOffering(context, "prompts", unlisted, unreached);
  const lists = await Promise.all(reached.map(async (entry) => ({
    entry,
    prompts: await listed(context, entry, "prompts", freshness, () => entry.session.client.listPrompts(undefined, { signal: context.signal }), unlisted, unreached),
    gate: await promptDriftGateOf(entry.upstream.server, context.environment, entry.upstream.definition.prompt_policy),
  })));
  const claimed = new Map<string, { exposed: string; prompt: Prompt; reached: Reached }>();
  for (const { entry, prompts, gate } of lists) {
    for (const prompt of prompts as Prompt[]) {
      if (!promptEnabled(entry.upstream.definition.prompt_policy, prompt.name) || !gate(prompt.name)) continue;
      const exposed = exposedName({ alias: entry.upstream.alias, name: prompt.name, bare: entry.upstream.bare }, entry.upstream.naming);
      if (!claimed.has(exposed)) claimed.set(exposed, { exposed, prompt, reached: entry });
    }
  }
  return claimed;
}

type ResourceOwners = {
  resources: Map<string, { resource: Resource; reached: Reached }>;
  templates: { template: ResourceTemplateType; matcher: UriTemplate; reached: Reached }[];
};

/** What the referenced servers offer, less what their `resource_policy` disables (a template by its template string). */
async function resourceOwners(context: Scoped, freshness: Freshness, unlisted?: Unlisted[], unreached?: ProtocolError[]): Promise<ResourceOwners> {
  const reached = await reachOffering(context, "resources", unlisted, unreached);
  const lists = await Promise.all(reached.map(async (entry) => ({
    entry,
    resources: (await listed(context, entry, "resources", freshness, () => entry.session.client.listResources(undefined, { signal: context.signal }), unlisted, unreached)) as Resource[],
    templates: (await listed(context, entry, "resourceTemplates", freshness, () => entry.session.client.listResourceTemplates(undefined, { signal: context.signal }), unlisted, unreached)) as ResourceTemplateType[],
  })));
  const owners: ResourceOwners = { resources: new Map(), templates: [] };
  const seenTemplates = new Set<string>();
  for (const { entry, resources, templates } of lists) {
    const policy = entry.upstream.definition.resource_policy;
    for (const resource of resources) {
      if (resourceEnabled(policy, resource.uri) && !owners.resources.has(resource.uri)) owners.resources.set(resource.uri, { resource, reached: entry });
    }
    for (const template of templates) {
      if (!resourceEnabled(policy, template.uriTemplate) || seenTemplates.has(template.uriTemplate)) continue;
      seenTemplates.add(template.uriTemplate);
      owners.templates.push({ template, matcher: new UriTemplate(template.uriTemplate), reached: entry });
    }
  }
  return owners;
}

/** The server a URI is read from; one its `resource_policy` disables is not found even through an enabled template. */
async function ownerOfUri(context: Scoped, uri: string): Promise<Reached> {
  const unreached: ProtocolError[] = [];
  const { resources, templates } = await resourceOwners(context, "recent", undefined, unreached);
  const owner = resources.get(uri)?.reached ?? templates.find(({ matcher }) => matcher.match(uri) !== null)?.reached;
  if (!owner) throw unreached[0] ?? new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
  if (!resourceEnabled(owner.upstream.definition.resource_policy, uri)) throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
  return owner;
}

/**
 * The target's servers that declared `capability`, connected; one that cannot be reached is reported (in the log,
 * and in `unlisted` when given) and left out, and its error, naming it, kept in `unreached`: a `per_user` one the
 * caller has not connected to, one whose circuit is open, one that did not answer.
 */
async function reachOffering(context: Scoped, capability: "prompts" | "resources" | "logging", unlisted?: Unlisted[], unreached?: ProtocolError[]): Promise<Reached[]> {
  const upstreams = await loadTargetUpstreams(context.target, context.environment);
  const reached = await Promise.all(upstreams.map(async (upstream): Promise<Reached | undefined> => {
    try {
      const session = await reachUpstream(upstream, context);
      return session.client.getServerCapabilities()?.[capability] ? { upstream, session } : undefined;
    } catch (error) {
      if (error instanceof ProtocolError) unreached?.push(error);
      const left = { ...unlistedBecause(upstream, error), ...(error instanceof ConnectRequiredError ? { connectRequired: true as const } : {}) };
      console.warn(`Patchbay gateway: ${upstream.alias} left out of ${capability}: ${left.reason}`);
      unlisted?.push(left);
      return undefined;
    }
  }));
  return reached.filter((entry): entry is Reached => entry !== undefined);
}

type ListKey = "prompts" | "resources" | "resourceTemplates";

/**
 * How fresh a server's list must be: a client's own `…/list` asks the server (`refresh`); routing a get or a read by
 * name or URI may use what the same upstream session answered in the last LIST_REUSE_MS (`recent`) — a request
 * then costs one round trip upstream, not three, and a list the client just read routes its next request.
 */
type Freshness = "refresh" | "recent";
const LIST_REUSE_MS = 5_000;
const recentLists = new WeakMap<McpSession, Map<ListKey, { at: number; items: Promise<unknown[]> }>>();

/** One server's list; a server that fails to list is left out (and said so in the log and `unlisted`) rather than failing the union. */
async function listed<K extends ListKey>(context: Scoped, reached: Reached, key: K, freshness: Freshness, list: () => Promise<Record<K, unknown[]>>, unlisted?: Unlisted[], unreached?: ProtocolError[]): Promise<unknown[]> {
  const { upstream, session } = reached;
  let lists = recentLists.get(session);
  if (!lists) recentLists.set(session, (lists = new Map()));
  const known = lists.get(key);
  if (freshness === "recent" && known && performance.now() - known.at < LIST_REUSE_MS) return known.items;
  try {
    const items = observed(context, reached, list()).then((answer) => answer[key]);
    lists.set(key, { at: performance.now(), items });
    return await items;
  } catch (error) {
    lists.delete(key);
    // An upstream's error text may echo what it was sent (a credential): scrubbed before the log or an answer sees it.
    const left = unlistedBecause(upstream, error, error instanceof UnansweredError ? "" : `${key} could not be listed: `);
    console.warn(`Patchbay gateway: ${upstream.alias}: ${left.reason}`);
    unlisted?.push(left);
    if (error instanceof UnansweredError) unreached?.push(error);
    return [];
  }
}
