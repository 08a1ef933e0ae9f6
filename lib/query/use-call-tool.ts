import { useMutation } from "@tanstack/react-query";

import { callTool } from "./health-queries";
import type { ConnectionInput } from "./types";

/** Calls one of the server's tools; nothing is cached, the result is the mutation's data. */
export function useCallTool(name: string) {
  return useMutation({
    mutationFn: ({ tool, ...input }: ConnectionInput & { tool: string; arguments: Record<string, unknown> }) => callTool(name, tool, input),
  });
}
