"use client";

import { useMemo } from "react";

import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { checkJsonSchemaShape } from "@/lib/schemas/json-schema-shape";

/** What is wrong with the schema text as typed: a JSON syntax error, or what the precompiled meta-schema check finds in it (no eval). */
export function useSchemaProblems(text: string): string[] {
  const debounced = useDebouncedValue(text, 300);
  return useMemo(() => {
    if (!debounced.trim()) return [];
    let schema: unknown;
    try {
      schema = JSON.parse(debounced);
    } catch (error) {
      return [`Not valid JSON: ${(error as Error).message}`];
    }
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return ["A parameters schema must be a JSON object."];
    return checkJsonSchemaShape(schema as Record<string, unknown>).map((problem) => problem.message);
  }, [debounced]);
}
