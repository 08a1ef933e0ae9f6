import type { FieldError } from "../errors";
import { declaredParameters } from "../schemas/declared-parameters";
import type { ServerInput } from "../schemas/server";
import { toClientConfig } from "./client-config";
import { deepMerge } from "./deep-merge";
import { substituteEnvVars } from "./env-vars";
import { collectParameters } from "./parameters";
import { applyParameters } from "./template";
import type { ParameterSources, ResolvedConfig, Resolution, ResolveContext } from "./types";

/**
 * DESIGN §2 steps 1–3, for GET of one server: the transport for `ctx.environment` with `${VAR}` substituted
 * and `{{param}}` left as written. An environment the server does not define falls back to the base.
 * Never fails; unset variables come back as warnings.
 */
export function resolveTransport(
  server: ServerInput,
  ctx: ResolveContext,
): { config: ResolvedConfig; warnings: FieldError[]; sensitiveValues: string[] } {
  const environments = server.environments ?? {};
  // hasOwn, not `in`: an environment called `constructor` must not find Object's.
  const override = Object.hasOwn(environments, ctx.environment) ? environments[ctx.environment] : undefined;
  const fields = override ? deepMerge(server.transport, override) : server.transport;

  return substituteEnvVars(toClientConfig(server.transport.type, fields), ctx, server.name);
}

/** DESIGN §2 steps 1–5, for validate and blueprints: the flat client config, or every error by JSON path. */
export function resolveServer(server: ServerInput, ctx: ResolveContext, sources: ParameterSources): Resolution {
  const { config, warnings, sensitiveValues } = resolveTransport(server, ctx);

  const collected = collectParameters(server.parameters_schema, sources);
  if (collected.errors.length > 0) return { ok: false, errors: collected.errors, warnings, sensitiveValues };

  const filled = applyParameters(config, collected.parameters, declaredParameters(server.parameters_schema));
  if (filled.errors.length > 0) return { ok: false, errors: filled.errors, warnings, sensitiveValues };

  return { ok: true, config: filled.config, parameters: collected.parameters, warnings, sensitiveValues };
}

/** The URL a client connects to: http/sse only. */
export function resolvedUrl(config: ResolvedConfig): string | null {
  return config.type === "stdio" ? null : config.url;
}
