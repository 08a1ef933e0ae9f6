"use client";

import { useMemo } from "react";

import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { checkJsonSchema } from "@/lib/schemas/json-schema";

/** What is wrong with the schema text as typed: a JSON syntax error, or what Ajv finds in it as a JSON Schema. */
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
    return checkJsonSchema(schema as Record<string, unknown>).map((problem) => `${problem.path || "schema"}: ${problem.message}`);
  }, [debounced]);
}
