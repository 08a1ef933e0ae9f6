import type { Prompt, Resource, ResourceTemplateType } from "@modelcontextprotocol/server";

import { getConfig } from "../env";
import { connectPageUrl } from "../oauth/connect-page";
import type { TargetPrompts, TargetResources } from "../schemas/target-offerings";
import { upstreamProfile } from "./mcp/relay";
import type { RelayedRequestContext, Unlisted } from "./mcp/relay-answers";
import { listPromptsWithOrigin, listResourcesWithOrigin, type ListedFrom } from "./mcp/relayed-requests";
import type { GatewayTarget } from "./types";
import { openUpstreamScope } from "./upstream-scope";

/**
 * What the gateway would list for a target (DESIGN §16) to the person viewing it (`viewer`: their connectionPerson): its
 * prompts, and its resources and templates, each with the server it comes from, by the gateway's own routing; a
 * `per_user` server is listed with the viewer's own connection (DESIGN §17) — so the answer is theirs, never cached
 * for another — and without one is named with where to connect; servers that could not be listed are named with why.
 */
export async function getTargetPrompts(target: GatewayTarget, environment: string | undefined, viewer: string, signal: AbortSignal): Promise<TargetPrompts> {
  return withContext(target, environment, viewer, signal, async (context) => {
    const { prompts, unlisted } = await listPromptsWithOrigin(context);
    return { name: target.name, environment: context.environment, prompts: prompts.map(toPrompt), errors: unlisted.map((left) => toError(left, context.environment)) };
  });
}

export async function getTargetResources(target: GatewayTarget, environment: string | undefined, viewer: string, signal: AbortSignal): Promise<TargetResources> {
  return withContext(target, environment, viewer, signal, async (context) => {
    const { resources, resourceTemplates, unlisted } = await listResourcesWithOrigin(context);
    return {
      name: target.name, environment: context.environment,
      resources: resources.map((resource) => ({ uri: resource.uri, ...described(resource), server: resource.server, alias: resource.alias })),
      resource_templates: resourceTemplates.map((template) => ({ uri_template: template.uriTemplate, ...described(template), server: template.server, alias: template.alias })),
      errors: unlisted.map((left) => toError(left, context.environment)),
    };
  });
}

/** A scope of its own per request, as /api/invoke has: stdio servers it started stop when the answer is made. */
async function withContext<T>(target: GatewayTarget, environment: string | undefined, viewer: string, signal: AbortSignal, list: (context: RelayedRequestContext) => Promise<T>): Promise<T> {
  const scope = openUpstreamScope();
  try {
    return await list({ target, environment: environment ?? getConfig().environment, scope, profile: upstreamProfile({}, "auto"), signal, person: viewer });
  } finally {
    await scope.close();
  }
}

function toPrompt(prompt: Prompt & ListedFrom & { upstreamName: string }): TargetPrompts["prompts"][number] {
  return {
    name: prompt.name, upstream_name: prompt.upstreamName,
    ...(typeof prompt.title === "string" ? { title: prompt.title } : {}),
    ...(typeof prompt.description === "string" ? { description: prompt.description } : {}),
    ...(Array.isArray(prompt.arguments) ? { arguments: prompt.arguments.map(({ name, description, required }) => ({ name, ...optional({ description, required }) })) } : {}),
    server: prompt.server, alias: prompt.alias,
  };
}

function described(entry: Resource | ResourceTemplateType): { name?: string; title?: string; description?: string; mime_type?: string } {
  return optional({ name: entry.name, title: entry.title, description: entry.description, mime_type: entry.mimeType });
}

/** The fields an upstream gave, of the type they should have; anything else is left out. */
function optional<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === "string" || typeof value === "boolean")) as Partial<T>;
}

/** The dashboard's own page links stay relative: the viewer is on the site already. */
function toError({ server, alias, reason, connectRequired }: Unlisted, environment: string): TargetPrompts["errors"][number] {
  return { server, alias, reason, ...(connectRequired ? { connect_url: connectPageUrl("", server, environment) } : {}) };
}
