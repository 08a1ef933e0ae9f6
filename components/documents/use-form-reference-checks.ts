"use client";

import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";

import { toReferenceRows, type ReferenceRow } from "@/lib/forms/reference-rows";
import { capabilityQuery } from "@/lib/query/capabilities";
import { useReferenceChecks, type ReferenceCheck, type ReferenceToCheck } from "./use-reference-checks";

/**
 * What a form's blueprint is made of, checked: each chosen capability's references (as stored), then the
 * form's own rows (`own` names them), in the order the registry's blueprint takes them.
 */
export function useFormReferenceChecks(rows: ReferenceRow[], capabilities: string[], own: string, environment: string | undefined): ReferenceCheck[] {
  const documents = useQueries({ queries: capabilities.map((name) => capabilityQuery(name)) });
  // Serialized, so a render that changes nothing keeps the same list (and the debounce settles).
  const serialized = JSON.stringify([
    ...documents.flatMap((result, index) =>
      toReferenceRows(result.data?.document.mcp_servers).map((row) => ({ ...row, from: `capability ${capabilities[index]}` }))),
    ...rows.map((row) => ({ ...row, from: own })),
  ]);
  const references = useMemo(() => JSON.parse(serialized) as ReferenceToCheck[], [serialized]);
  return useReferenceChecks(references, environment);
}
