import { z } from "zod";

/** DESIGN §16 "Names": what joins a reference's alias to a tool's name in an advertised name; `.` by default. */
export const TOOL_NAME_SEPARATORS = [".", "-", "_", "__"] as const;

/**
 * `"tool_names"` of an agent or capability: how its endpoint names tools. Any separator but `.` also makes every
 * advertised name one that clients limited to `^[a-zA-Z0-9_-]{1,64}$` accept (lib/resolve/exposed-names.ts).
 */
export const toolNamesSchema = z
  .strictObject({
    separator: z.enum(TOOL_NAME_SEPARATORS).optional().describe("between alias and tool: '.' (default), '-', '_' or '__'; any but '.' keeps every advertised name within ^[a-zA-Z0-9_-]{1,64}$"),
  })
  .describe("how the endpoint names tools (DESIGN §16); capability include globs and virtual sources still address 'alias.tool'");
export type ToolNames = z.infer<typeof toolNamesSchema>;

/** `"names": "bare"` on a server reference: its tools are advertised under their own names, without `alias.`. */
export const referenceNamesSchema = z.literal("bare").describe("'bare': advertise this server's tools under their own names instead of 'alias.tool'");
