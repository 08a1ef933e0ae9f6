import {
  ProtocolError, ProtocolErrorCode, ResourceNotFoundError, UriTemplate,
  type CompleteRequest, type CompleteResult, type GetPromptResult, type LoggingLevel, type Prompt, type ReadResourceResult, type Resource, type ResourceTemplateType,
} from "@modelcontextprotocol/server";

import { isInputRequiredResult } from "@modelcontextprotocol/client";

import type { McpSession } from "../../mcp/mcp-session";
import { exposedName } from "../../resolve/exposed-names";
import { scrubThenCut } from "../../resolve/scrub";
import type { UpstreamProfile } from "../session-pool";
import { loadTargetUpstreams, reachUpstream, type TargetUpstream } from "../target-upstreams";
import type { GatewayTarget, UpstreamResume, UpstreamScope } from "../types";
import type { UpstreamAsk } from "./upstream-ask";

/** Who asks, and through which upstream sessions (DESIGN §16). */
export type RelayedRequestContext = { target: GatewayTarget; environment: string; scope: UpstreamScope; profile: UpstreamProfile; signal: AbortSignal };

type Reached = { upstream: TargetUpstream; session: McpSession };

/** A referenced server whose prompts or resources are missing from a list, and why (its secrets scrubbed). */
export type Unlisted = { server: string; alias: string; reason: string };

/** Where a listed prompt, resource or template came from. */
export type ListedFrom = { server: string; alias: string };

/** How much of an unlisted server's reason is kept. */
const REASON_CHARS = 300;

/**
 * Prompts of every referenced server that offers them, named as the target names tools (`alias.name`, the
 * server's own name under `"names": "bare"`, `tool_names`); a name two servers claim goes to the first (DESIGN §16). A server that cannot be reached is
 * left out of the list rather than failing it.
 */
export async function listPrompts(context: RelayedRequestContext): Promise<{ prompts: Prompt[] }> {
  const claimed = await claimedPrompts(context);
  return { prompts: [...claimed.values()].map(({ exposed, prompt }) => ({ ...prompt, name: exposed })) };
}

/**
 * `prompts/list` as the gateway answers it, each prompt with the server and alias it comes from and its upstream
 * name, and the servers left out and why (the dashboard's view of a target, DESIGN §16).
 */
export async function listPromptsWithOrigin(context: RelayedRequestContext): Promise<{ prompts: (Prompt & ListedFrom & { upstreamName: string })[]; unlisted: Unlisted[] }> {
  const unlisted: Unlisted[] = [];
  const claimed = await claimedPrompts(context, unlisted);
  const prompts = [...claimed.values()].map(({ exposed, prompt, reached }) => ({ ...prompt, name: exposed, upstreamName: prompt.name, ...origin(reached) }));
  return { prompts, unlisted };
}

export async function getPrompt(context: RelayedRequestContext, params: { name: string; arguments?: Record<string, string> }, resume?: UpstreamResume): Promise<GetPromptResult | UpstreamAsk> {
  const owner = (await claimedPrompts(context)).get(params.name);
  if (!owner) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${params.name}`);
  const asked = { name: owner.prompt.name, ...(params.arguments ? { arguments: params.arguments } : {}), ...resume };
  return askedOrAnswered(await owner.reached.session.client.getPrompt(asked, { signal: context.signal, allowInputRequired: true }));
}

/** Resources keep their URIs; a URI two servers offer goes to the first. */
export async function listResources(context: RelayedRequestContext): Promise<{ resources: Resource[] }> {
  const { resources } = await resourceOwners(context);
  return { resources: [...resources.values()].map(({ resource }) => resource) };
}

export async function listResourceTemplates(context: RelayedRequestContext): Promise<{ resourceTemplates: ResourceTemplateType[] }> {
  const { templates } = await resourceOwners(context);
  return { resourceTemplates: templates.map(({ template }) => template) };
}

/**
 * `resources/list` and `resources/templates/list` as the gateway answers them, each entry with the server and alias
 * it comes from, and the servers left out and why.
 */
export async function listResourcesWithOrigin(context: RelayedRequestContext): Promise<{ resources: (Resource & ListedFrom)[]; resourceTemplates: (ResourceTemplateType & ListedFrom)[]; unlisted: Unlisted[] }> {
  const unlisted: Unlisted[] = [];
  const { resources, templates } = await resourceOwners(context, unlisted);
  return {
    resources: [...resources.values()].map(({ resource, reached }) => ({ ...resource, ...origin(reached) })),
    resourceTemplates: templates.map(({ template, reached }) => ({ ...template, ...origin(reached) })),
    unlisted,
  };
}

function origin({ upstream }: Reached): ListedFrom {
  return { server: upstream.server, alias: upstream.alias };
}

/** A URI no referenced server offers (listed, or matching one of its templates) is the spec's resource-not-found. */
export async function readResource(context: RelayedRequestContext, uri: string, resume?: UpstreamResume): Promise<ReadResourceResult | UpstreamAsk> {
  const owner = await ownerOfUri(context, uri);
  return askedOrAnswered(await owner.session.client.readResource({ uri, ...resume }, { signal: context.signal, allowInputRequired: true, cacheMode: "bypass" }));
}

/** A 2026-07-28 upstream's "input required" as the gateway passes it on; any other answer as it is. */
function askedOrAnswered<T>(answer: T): T | UpstreamAsk {
  if (!isInputRequiredResult(answer)) return answer;
  return { inputRequired: { inputRequests: answer.inputRequests ?? {}, ...(answer.requestState !== undefined ? { requestState: answer.requestState } : {}) } };
}

export async function subscribeResource(context: RelayedRequestContext, uri: string): Promise<Record<string, never>> {
  const owner = await ownerOfUri(context, uri);
  await owner.session.client.subscribeResource({ uri }, { signal: context.signal });
  return {};
}

export async function unsubscribeResource(context: RelayedRequestContext, uri: string): Promise<Record<string, never>> {
  const owner = await ownerOfUri(context, uri);
  await owner.session.client.unsubscribeResource({ uri }, { signal: context.signal });
  return {};
}

/** `completion/complete`, routed by the prompt or resource template it names. */
export async function complete(context: RelayedRequestContext, params: CompleteRequest["params"]): Promise<CompleteResult> {
  const { ref } = params;
  if (ref.type === "ref/prompt") {
    const owner = (await claimedPrompts(context)).get(ref.name);
    if (!owner) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${ref.name}`);
    return owner.reached.session.client.complete({ ...params, ref: { ...ref, name: owner.prompt.name } }, { signal: context.signal });
  }
  const { templates } = await resourceOwners(context);
  const owner = templates.find(({ template }) => template.uriTemplate === ref.uri);
  if (!owner) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource template: ${ref.uri}`);
  return owner.reached.session.client.complete(params, { signal: context.signal });
}

/** `logging/setLevel`, passed on to every referenced server that logs; one that cannot be reached is skipped. */
export async function setLogLevel(context: RelayedRequestContext, level: LoggingLevel): Promise<void> {
  const reached = await reachOffering(context, "logging");
  await Promise.allSettled(reached.map(({ session }) => session.client.setLoggingLevel(level, { signal: context.signal })));
}

async function claimedPrompts(context: RelayedRequestContext, unlisted?: Unlisted[]): Promise<Map<string, { exposed: string; prompt: Prompt; reached: Reached }>> {
  const reached = await reachOffering(context, "prompts", unlisted);
  const lists = await Promise.all(reached.map(async (entry) => ({ entry, prompts: await listed(entry, () => entry.session.client.listPrompts(undefined, { signal: context.signal }), "prompts", unlisted) })));
  const claimed = new Map<string, { exposed: string; prompt: Prompt; reached: Reached }>();
  for (const { entry, prompts } of lists) {
    for (const prompt of prompts as Prompt[]) {
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

async function resourceOwners(context: RelayedRequestContext, unlisted?: Unlisted[]): Promise<ResourceOwners> {
  const reached = await reachOffering(context, "resources", unlisted);
  const lists = await Promise.all(reached.map(async (entry) => ({
    entry,
    resources: (await listed(entry, () => entry.session.client.listResources(undefined, { signal: context.signal }), "resources", unlisted)) as Resource[],
    templates: (await listed(entry, () => entry.session.client.listResourceTemplates(undefined, { signal: context.signal }), "resourceTemplates", unlisted)) as ResourceTemplateType[],
  })));
  const owners: ResourceOwners = { resources: new Map(), templates: [] };
  const seenTemplates = new Set<string>();
  for (const { entry, resources, templates } of lists) {
    for (const resource of resources) if (!owners.resources.has(resource.uri)) owners.resources.set(resource.uri, { resource, reached: entry });
    for (const template of templates) {
      if (seenTemplates.has(template.uriTemplate)) continue;
      seenTemplates.add(template.uriTemplate);
      owners.templates.push({ template, matcher: new UriTemplate(template.uriTemplate), reached: entry });
    }
  }
  return owners;
}

async function ownerOfUri(context: RelayedRequestContext, uri: string): Promise<Reached> {
  const { resources, templates } = await resourceOwners(context);
  const owner = resources.get(uri)?.reached ?? templates.find(({ matcher }) => matcher.match(uri) !== null)?.reached;
  if (!owner) throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
  return owner;
}

/**
 * The target's servers that declared `capability`, connected; one that cannot be reached is reported (in the log,
 * and in `unlisted` when given) and left out.
 */
async function reachOffering(context: RelayedRequestContext, capability: "prompts" | "resources" | "logging", unlisted?: Unlisted[]): Promise<Reached[]> {
  const upstreams = await loadTargetUpstreams(context.target, context.environment);
  const reached = await Promise.all(upstreams.map(async (upstream): Promise<Reached | undefined> => {
    try {
      const session = await reachUpstream(upstream, context);
      return session.client.getServerCapabilities()?.[capability] ? { upstream, session } : undefined;
    } catch (error) {
      const left = unlistedBecause(upstream, error);
      console.warn(`Patchbay gateway: ${upstream.alias} left out of ${capability}: ${left.reason}`);
      unlisted?.push(left);
      return undefined;
    }
  }));
  return reached.filter((entry): entry is Reached => entry !== undefined);
}

/** One server's list; a server that fails to list is left out (and said so in the log and `unlisted`) rather than failing the union. */
async function listed<K extends string>({ upstream }: Reached, list: () => Promise<Record<K, unknown[]>>, key: K, unlisted?: Unlisted[]): Promise<unknown[]> {
  try {
    return (await list())[key];
  } catch (error) {
    // An upstream's error text may echo what it was sent (a credential): scrubbed before the log or an answer sees it.
    const left = unlistedBecause(upstream, error, `${key} could not be listed: `);
    console.warn(`Patchbay gateway: ${upstream.alias}: ${left.reason}`);
    unlisted?.push(left);
    return [];
  }
}

function unlistedBecause(upstream: TargetUpstream, error: unknown, prefix = ""): Unlisted {
  const message = error instanceof Error ? error.message : String(error);
  return { server: upstream.server, alias: upstream.alias, reason: scrubThenCut(`${prefix}${message}`, upstream.secrets, REASON_CHARS) };
}
