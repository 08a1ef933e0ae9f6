import type { Client, RequestOptions } from "@modelcontextprotocol/client";

/** A prompt as `prompts/list` reported it, in wire shape (arguments as the server sent them). */
export type ProbePrompt = { name: string; title?: string; description?: string; arguments?: unknown[]; icons?: unknown[] };

/** What one probe's `prompts/list` came to: the prompts, null without the prompts capability, or why it failed. */
export type ProbedPrompts = { prompts: ProbePrompt[] | null; error: string | null };

const MAX_PAGES = 20;

/**
 * Every prompt the server offers, following `nextCursor`; null when it does not declare the prompts capability (so
 * a server without prompts is told apart from one that offers none).
 */
export async function listAllPrompts(client: Client, options: RequestOptions): Promise<ProbePrompt[] | null> {
  if (!client.getServerCapabilities()?.prompts) return null;

  const prompts: ProbePrompt[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listPrompts(cursor ? { cursor } : undefined, options);
    for (const prompt of result.prompts) {
      prompts.push({
        name: prompt.name,
        ...(prompt.title !== undefined && { title: prompt.title }),
        ...(prompt.description !== undefined && { description: prompt.description }),
        ...(prompt.arguments !== undefined && { arguments: prompt.arguments as unknown[] }),
        ...(prompt.icons !== undefined && { icons: prompt.icons as unknown[] }),
      });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return prompts;
}
