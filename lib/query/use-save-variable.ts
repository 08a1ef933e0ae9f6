"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import type { VariableInput, VariableOutput } from "../schemas/variable";
import { fetchJson } from "./fetch-json";
import { variableKeys } from "./variable-keys";
import { variablePath } from "./variable-queries";

type SaveArgs = { input: VariableInput; revision?: number };

/** PUT the variable; with `revision` (an edit) only over that revision (If-Match), else 412. */
export function useSaveVariable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, revision }: SaveArgs) =>
      fetchJson<{ variable: VariableOutput }>(variablePath(input.name), {
        method: "PUT",
        json: input,
        headers: revision === undefined ? {} : { "If-Match": `"${revision}"` },
      }).then((body) => body.variable),
    // Not awaited: the form closes on the saved answer; the lists refresh behind it (an environment's table
    // resolves every server, which takes seconds in a large registry).
    onSuccess: () => { void queryClient.invalidateQueries({ queryKey: variableKeys.all }); },
  });
}
