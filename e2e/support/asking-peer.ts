import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema, ElicitResultSchema, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";

import { startStatefulSdkPeer, type Peer } from "../../lib/mcp/test-peers";

export const SECRET_URI = "asker://secret/config";

/** What the peer's `confirm` tool got back when it asked: the client's answer, or the error its request met. */
export type Asked = { answer: ElicitResult } | { error: { code: number; message: string } };

/**
 * `gets`: each GET that opens a session's server-to-client stream, arrived; while `holdingGets`, one is answered
 * only when `releaseGets()` is called.
 */
export type AskingPeer = Peer & { methods: string[]; questions: string[]; asked: Asked[]; gets: number; holdingGets: boolean; nextGet(): Promise<void>; releaseGets(): void };

/**
 * A 2025-11-25-only MCP server (SDK 1.x, stateful streamable HTTP) whose `confirm` tool asks its client a question
 * by `elicitation/create` during the call — sent whatever the client declared, as a careless server would — and
 * answers with what came back. `confirm_aside` asks the same outside the call (`server.request`: the SDK sends it on
 * the session's GET stream, or drops it when none is open). It also offers one resource, SECRET_URI. Records every
 * JSON-RPC method POSTed to it, and (`questions`) each question as its tools send it.
 */
export async function startAskingPeer(): Promise<AskingPeer> {
  const methods: string[] = [];
  const asked: Asked[] = [];
  const questions: string[] = [];
  const held: (() => void)[] = [];
  const arrived: (() => void)[] = [];

  const serverForSession = () => {
    const server = new Server({ name: "asking-peer", version: "1.0.0" }, { capabilities: { tools: {}, resources: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: ["confirm", "confirm_aside"].map((name) => ({
        name, description: "Asks the client to confirm", inputSchema: { type: "object", properties: { question: { type: "string" } }, required: ["question"] },
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const question = String(request.params.arguments?.question ?? "");
      const elicitation = {
        method: "elicitation/create" as const,
        params: { mode: "form" as const, message: question, requestedSchema: { type: "object" as const, properties: { answer: { type: "string" as const } }, required: ["answer"] } },
      };
      try {
        questions.push(question);
        const answer = request.params.name === "confirm_aside"
          ? await server.request(elicitation, ElicitResultSchema)
          : await extra.sendRequest(elicitation, ElicitResultSchema);
        asked.push({ answer });
        return { content: [{ type: "text", text: JSON.stringify(answer) }] };
      } catch (error) {
        const code = error instanceof McpError ? error.code : 0;
        asked.push({ error: { code, message: (error as Error).message } });
        return { content: [{ type: "text", text: `asking failed: ${code}` }], isError: true };
      }
    });
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [{ uri: SECRET_URI, name: "config", mimeType: "text/plain" }] }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({ contents: [{ uri: request.params.uri, mimeType: "text/plain", text: "the asker's secret" }] }));
    return server;
  };

  const peer = await startStatefulSdkPeer(serverForSession, async (req, body) => {
    const messages = (Array.isArray(body) ? body : body ? [body] : []) as { method?: string }[];
    for (const message of messages) if (message.method) methods.push(message.method);
    if (req.method !== "GET") return;
    state.gets++;
    for (const resolve of arrived.splice(0)) resolve();
    if (state.holdingGets) await new Promise<void>((resolve) => held.push(resolve));
  });
  const state: AskingPeer = {
    ...peer, methods, questions, asked, gets: 0, holdingGets: false,
    nextGet: () => new Promise((resolve) => arrived.push(resolve)),
    releaseGets: () => {
      state.holdingGets = false;
      for (const release of held.splice(0)) release();
    },
  };
  return state;
}
