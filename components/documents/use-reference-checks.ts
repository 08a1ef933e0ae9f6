"use client";

import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";

import type { FieldError } from "@/lib/errors";
import { humanError } from "@/lib/forms/human-messages";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { serverQuery, validationQuery } from "@/lib/query/servers";

type JsonObject = Record<string, unknown>;

/** One reference to resolve: `from` says where it is defined ("capability docs", "this agent"). */
export type ReferenceToCheck = { alias: string; from: string; server: string | null; parameters: JsonObject; inline?: JsonObject };

/** What the registry's validate said about one reference; an inline config passes through as entered. */
export type ReferenceCheck = ReferenceToCheck & { config?: unknown; errors: FieldError[]; warnings: FieldError[]; isPending: boolean; failure?: string };

const DEBOUNCE_MS = 300;

/**
 * Every reference resolved by POST /api/mcp-servers/{name}/validate for `environment` — the server's own
 * schema check, done by the registry (the CSP forbids compiling schemas in the browser). Asks again once
 * typing pauses; results are cached by server revision and body, so the rows and the preview share them.
 */
export function useReferenceChecks(references: ReferenceToCheck[], environment: string | undefined): ReferenceCheck[] {
  const input = useMemo(() => ({ references, environment }), [references, environment]);
  const debounced = useDebouncedValue(input, DEBOUNCE_MS);
  const servers = useQueries({
    queries: debounced.references.map((reference) => ({ ...serverQuery(reference.server ?? ""), enabled: reference.server !== null })),
  });
  const validations = useQueries({
    queries: debounced.references.map((reference, index) => {
      const revision = servers[index].data?.revision ?? 0;
      return {
        ...validationQuery(reference.server ?? "", { environment: debounced.environment, parameters: reference.parameters }, revision),
        enabled: reference.server !== null && servers[index].data !== undefined && debounced.environment !== undefined,
      };
    }),
  });

  // Rows as they are now; each keeps its last answer (marked pending) until typing pauses and it is asked again.
  const isSettling = debounced !== input;
  return references.map((reference, index): ReferenceCheck => {
    if (reference.inline) return { ...reference, config: reference.inline, errors: [], warnings: [], isPending: false };
    const asked = debounced.references[index];
    if (!asked || asked.alias !== reference.alias || asked.from !== reference.from) return { ...reference, errors: [], warnings: [], isPending: true };
    const server = servers[index];
    const validation = validations[index];
    const failure = server.error?.message ?? validation.error?.message;
    return {
      ...reference,
      config: validation.data?.resolved_config ?? undefined,
      errors: validation.data?.errors ?? [],
      warnings: validation.data?.warnings ?? [],
      isPending: isSettling || (!failure && !validation.data),
      failure,
    };
  });
}

/** A check's errors under `/parameters`, by pointer relative to the parameters (what ParameterFields shows). */
export function parameterErrorsOf(check: ReferenceCheck | undefined): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const error of (check?.errors ?? []).map(humanError)) {
    if (error.path.startsWith("/parameters/")) fields[error.path.slice("/parameters".length)] ??= error.message;
    else other.push(error.sentence);
  }
  if (check?.failure) other.push(check.failure);
  return { fields, other };
}
