"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { validationQuery, type ValidateBody } from "@/lib/query/servers";

const DEBOUNCE_MS = 250;

/** The live validation result; asks again once typing pauses, keeping the last result on screen meanwhile. */
export function useValidation(name: string, revision: number, body: ValidateBody) {
  const debounced = useDebouncedValue(body, DEBOUNCE_MS);
  return useQuery({ ...validationQuery(name, debounced, revision), placeholderData: keepPreviousData });
}
