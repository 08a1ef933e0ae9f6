import { latestStatus, recordHealth } from "../data/health";
import { ingestToolset, readDriftFlag } from "../tools/tool-catalog";
import { ingestPromptset } from "../tools/prompt-catalog";
import { getConfig } from "../env";
import { onNewDrift, onNewPromptDrift } from "./drift-hooks";
import { loadResolveContext } from "../variables/resolve-context";
import { UnresolvableError, type FieldError } from "../errors";
import { literalSecretValues } from "../resolve/literal-secrets";
import { assertSecretsStayWithParameters } from "../resolve/parameter-destinations";
import { resolveServer } from "../resolve/resolve-server";
import { scrubSecrets } from "../resolve/scrub";
import type { ResolvedConfig } from "../resolve/types";
import type { ServerInput } from "../schemas/server";
import { withUpstreamAuth } from "../oauth/upstream-bearer";
import { noteUpstreamRefusal } from "../oauth/upstream-refusal";
import { isAlertWebhookSet, recordAlert } from "./alert-webhook";
import { unreachedResult } from "./health-result";
import { withSpan } from "../telemetry/spans";
import { judgePerUserChallenge } from "./per-user-challenge";
import { probeServer, type ProbeOptions } from "./probe";
import { getProbeSettings } from "./probe-settings";
import type { ProbeResult } from "./types";

/** A stored server: its row id (health rows hang off it) and its definition. */
export type ProbeTarget = { id: number; server: ServerInput };

/**
 * Where to connect: the registry's current environment unless said otherwise, with the parameters given (a
 * test), else the server's `health_parameters` (the scheduler, a re-check), on top of the schema's defaults. The
 * result is recorded under that environment.
 */
export type ProbeRequest = { environment?: string; parameters?: Record<string, unknown> };

/**
 * Probes one server and records the result, whoever asks (scheduler, re-check, test). Resolution is unmasked:
 * the probe needs the real values. Unresolvable parameters are recorded as `unknown` with the reason, or, with
 * `strict` (a test with parameters the caller chose), refused with a 422 naming them and nothing recorded.
 */
export async function checkServer(target: ProbeTarget, request: ProbeRequest = {}, { strict = false, caller }: { strict?: boolean; caller?: ProbeCaller } = {}): Promise<ProbeResult> {
  const resolved = await resolveForProbe(target.server, request, caller);
  if ("errors" in resolved && strict) {
    throw new UnresolvableError(`MCP server '${target.server.name}' cannot be resolved with these parameters.`, resolved.errors);
  }

  const probed = "errors" in resolved
    ? unreachedResult("unknown", unresolvedReason(resolved.errors), new Date().toISOString())
    : await withSpan("patchbay.probe", { "patchbay.server": target.server.name, "patchbay.environment": resolved.environment },
      () => probeAs(target.server, resolved));
  // Whatever the server echoed (an error body, stderr) is recorded and shown to viewers: never a secret.
  const scrubbed = { ...scrubSecrets(probed, resolved.secrets), environment: resolved.environment };
  const result = { ...scrubbed, drift: await catalogTools(target, scrubbed) };
  await catalogPrompts(target, result);
  const previous = isAlertWebhookSet() ? await latestStatus(target.id, resolved.environment) : undefined;
  await recordHealth(target.id, result);
  if (previous !== undefined && previous !== result.status) {
    // Scrubbed above; the alert names the server, never its config.
    recordAlert({
      type: "health_changed", server: target.server.name, environment: resolved.environment,
      status: result.status, previous, reason: result.reason, checked_at: result.checked_at,
    });
  }
  return result;
}

/**
 * A successful probe's tools go into the catalog (DESIGN §11) and say whether the toolset drifted from its pin;
 * a failed one leaves the catalog as it was and reports the drift already known.
 */
async function catalogTools(target: ProbeTarget, result: ProbeResult): Promise<boolean> {
  const environment = result.environment ?? getConfig().environment;
  if (!result.ok) return readDriftFlag(target.id, environment);
  const pinMode = target.server.tool_policy?.pin ?? "trust_on_first_use";
  const ingested = await ingestToolset(target.id, environment, result.instructions ?? null, result.tools, pinMode);
  if (ingested.newDrift) await onNewDrift(target, environment, ingested);
  return ingested.drift;
}

/**
 * A successful probe's prompts go into the prompt catalog (DESIGN §16), pinned and drift-checked like tools under
 * `prompt_policy`. Whatever goes wrong there is logged and leaves the health result as it is.
 */
async function catalogPrompts(target: ProbeTarget, result: ProbeResult): Promise<void> {
  if (!result.ok || !result.prompts) return;
  const environment = result.environment ?? getConfig().environment;
  try {
    const ingested = await ingestPromptset(target.id, environment, result.prompts, target.server.prompt_policy?.pin ?? "trust_on_first_use");
    if (ingested.newDrift) onNewPromptDrift(target, environment, ingested.newDrift);
  } catch (error) {
    console.error(`Patchbay: could not store the prompts of '${target.server.name}' in '${environment}':`, error);
  }
}

/**
 * DESIGN §5, §17: a `per_user` server probed for everyone (no person: the scheduler, a re-check) is probed without
 * anyone's token, and its sign-in challenge judged (per-user-challenge.ts), as is a person's Test without a
 * connection of their own; a person's Test with one is probed with it.
 */
async function probeAs(server: ServerInput, resolved: { config: ResolvedConfig; bearer?: string; person?: string; secrets: string[]; environment: string }): Promise<ProbeResult> {
  const options = probeOptionsFor(server, resolved.secrets);
  const probed = await probeServer(resolved.config, { ...options, onRefused: refusalNoter(server.name, resolved) });
  const isForEveryone = server.auth?.type === "oauth" && server.auth.mode === "per_user" && !resolved.bearer;
  return isForEveryone ? judgePerUserChallenge(probed, options) : probed;
}

/** What the probe connects with (unmasked), and every secret value in it, to scrub from what comes back. */
export type ProbeResolution = ({ config: ResolvedConfig; bearer?: string; person?: string } | { errors: FieldError[] }) & { secrets: string[]; environment: string };

/**
 * Who asks for a connection (a Test, a tool call, a re-check): `person` (their connectionPerson,
 * lib/oauth/oauth-store.ts), whose own connection a `per_user` server is reached with (none for a re-check, which
 * probes as the scheduler does); `readsSecrets`, whether they may read the server's secrets, and so choose parameters
 * that send them elsewhere. None: the scheduler, with the server's own parameters.
 */
export type ProbeCaller = { person?: string; readsSecrets: boolean };

/**
 * The server resolved for a probe or a call. Parameters the caller chose that would send its secrets to another
 * destination than its own parameters do are refused (409, DESIGN §14) before anything connects, unless the caller
 * may read those secrets.
 */
export async function resolveForProbe(server: ServerInput, request: ProbeRequest, caller?: ProbeCaller): Promise<ProbeResolution> {
  const context = await loadResolveContext(request.environment, { mask: false });
  const resolution = resolveServer(server, context, { runtime: request.parameters ?? server.health_parameters ?? {} });
  assertSecretsStayWithParameters(server, context, resolution, caller?.readsSecrets ?? false);
  const person = caller?.person;
  const secrets = [...resolution.sensitiveValues, ...literalSecretValues(server)];
  const environment = context.environment;
  if (!resolution.ok) return { errors: resolution.errors, secrets, environment };
  // DESIGN §17: a server that signs in with OAuth is probed, tested and called with its connection's access token.
  const authorized = await withUpstreamAuth(server, environment, resolution.config, secrets, person);
  return { config: authorized.config, bearer: authorized.bearer, person: authorized.person, secrets: [...authorized.secrets], environment };
}

/** DESIGN §17: a refusal of the OAuth access token the probe sent is noted on its connection, and says so. */
function refusalNoter(server: string, resolved: { bearer?: string; person?: string; environment: string }): ProbeOptions["onRefused"] {
  const { bearer, person, environment } = resolved;
  return bearer ? (failure) => noteUpstreamRefusal(server, environment, bearer, failure, person) : undefined;
}

export function probeOptionsFor(server: ServerInput, secrets: readonly string[]): ProbeOptions {
  const { timeoutMs, policy, stdioAllow } = getProbeSettings();
  return { timeoutMs, policy, stdioAllow, secrets, healthEndpoint: server.support?.health_endpoint };
}

function unresolvedReason(errors: FieldError[]): string {
  return `cannot resolve: ${errors.map((error) => `${error.path} ${error.message}`).join("; ")}`;
}
