import type { Client, RequestOptions } from "@modelcontextprotocol/client";

import type { ProbeTool } from "./types";

const MAX_PAGES = 20;

/** Every tool the server offers, following `nextCursor`; none when it does not declare the tools capability. */
export async function listAllTools(client: Client, options: RequestOptions): Promise<ProbeTool[]> {
  if (!client.getServerCapabilities()?.tools) return [];

  const tools: ProbeTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined, options);
    for (const tool of result.tools) {
      tools.push({
        name: tool.name, description: tool.description ?? null, input_schema: tool.inputSchema as Record<string, unknown>,
        ...(tool.title !== undefined && { title: tool.title }),
        ...(tool.outputSchema !== undefined && { output_schema: tool.outputSchema as Record<string, unknown> }),
        ...(tool.annotations !== undefined && { annotations: tool.annotations as Record<string, unknown> }),
        ...(tool.icons !== undefined && { icons: tool.icons as unknown[] }),
      });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}
