import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { startEverything, startRecordingProxy, type EverythingServer } from "../../lib/mcp/test-peers";
import { httpServer, uniqueName } from "../support/api-client";
import { SECRET_URI, startAskingPeer, type AskingPeer } from "../support/asking-peer";
import { startGatewayFixture, type GatewayFixture } from "../support/gateway-fixture";
import { runInspectorCli } from "../support/mcp-peers";

/**
 * DESIGN §16 over real HTTP: prompts and resources through an agent's gateway (the MCP Inspector CLI, the SDK
 * clients of both majors), a 2026-07-28 client answering a 2025-11-25 upstream's question, bad input refused
 * before anything reaches an upstream, and `prompt_policy` / `resource_policy`. Loopback only.
 */
const DOC_URI = "demo://resource/static/document/architecture.md";
const TEXT_TEMPLATE = "demo://resource/dynamic/text/{resourceId}";

let fixture: GatewayFixture;
let everything: EverythingServer;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
let asker: AskingPeer;
/** Agents: `every` = server-everything (through the recording proxy); `pol` = the same with policies; `ask` = the asking peer. */
const agents = { every: "", pol: "", ask: "" };
let otherToken: string;
const clients: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  [fixture, everything, asker] = await Promise.all([startGatewayFixture(), startEverything("streamableHttp"), startAskingPeer()]);
  proxy = await startRecordingProxy(everything.port);
  const upstreams = {
    every: httpServer(uniqueName("relay-every"), { transport: { type: "http", url: `${proxy.url}/mcp` } }),
    pol: httpServer(uniqueName("relay-pol"), {
      transport: { type: "http", url: `${proxy.url}/mcp` },
      prompt_policy: { prompts: { "simple-prompt": { enabled: false }, "completable-*": { enabled: false } } },
      resource_policy: { resources: { [DOC_URI]: { enabled: false }, [TEXT_TEMPLATE]: { enabled: false } } },
    }),
    ask: httpServer(uniqueName("relay-ask"), { transport: { type: "http", url: `${asker.url}/mcp` } }),
  };
  for (const [alias, server] of Object.entries(upstreams) as [keyof typeof agents, { name: string }][]) {
    await created(fixture.admin.post("/api/mcp-servers", server), `server ${alias}`);
    await created(fixture.admin.post(`/api/mcp-servers/${server.name}/test`, {}), `testing ${alias}`, 200);
    const capability = uniqueName(`relay-${alias}-cap`);
    await created(fixture.admin.post("/api/capabilities", { name: capability, description: alias, mcp_servers: { [alias]: server.name } }), `capability ${alias}`);
    agents[alias] = uniqueName(`relay-${alias}`);
    await created(fixture.admin.post("/api/agents", { name: agents[alias], description: alias, capabilities: [capability] }), `agent ${alias}`);
  }
  otherToken = (await created(fixture.admin.post("/api/tokens", { name: uniqueName("relay-other"), role: "runner" }), "a second runner token")).body.token;
}, 240_000);
afterEach(async () => void (await Promise.all(clients.splice(0).map((client) => client.close()))));
afterAll(async () => void (await Promise.all([fixture?.stop(), everything?.stop(), proxy?.close(), asker?.close()])));

async function created<T extends { status: number; text: string }>(pending: Promise<T>, what: string, status = 201): Promise<T> {
  const response = await pending;
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response;
}

/** A 2025-11-25 client (SDK 1.x) of an agent's gateway, declaring what `capabilities` says. */
async function legacyClient(agent: string, capabilities: Record<string, unknown> = {}): Promise<Client> {
  const client = new Client({ name: "relay-test", version: "1.0.0" }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(fixture.gatewayUrl("agents", agent), { requestInit: { headers: { Authorization: `Bearer ${fixture.runnerToken}` } } }));
  clients.push(client);
  return client;
}

/** A 2026-07-28 client (SDK 2.x) that declares form elicitation and answers every question `{answer}`, recording each. */
async function modernClient(agent: string, answer: string, options: { token?: string; autoFulfill?: boolean } = {}) {
  const questions: unknown[] = [];
  const client = new ModernClient({ name: "relay-test-2026", version: "1.0.0" }, {
    capabilities: { elicitation: { form: {} } },
    versionNegotiation: { mode: { pin: "2026-07-28" } },
    inputRequired: { autoFulfill: options.autoFulfill ?? true },
  });
  client.setRequestHandler("elicitation/create", async (request) => {
    questions.push(request.params);
    return { action: "accept", content: { answer } };
  });
  await client.connect(new ModernTransport(fixture.gatewayUrl("agents", agent), { requestInit: { headers: { Authorization: `Bearer ${options.token ?? fixture.runnerToken}` } } }));
  clients.push(client);
  return { client, questions };
}

/** server-everything itself, not through the gateway: what the gateway must pass on unchanged. */
async function direct(): Promise<Client> {
  const client = new Client({ name: "relay-direct", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${everything.port}/mcp`)));
  clients.push(client);
  return client;
}

function inspect(agent: string, ...args: string[]) {
  return runInspectorCli([fixture.gatewayUrl("agents", agent).href, "--transport", "http", "--header", `Authorization: Bearer ${fixture.runnerToken}`, ...args]);
}

/** What a 2026-07-28 answer of the gateway carries besides the result: the agent's server info. */
const servedBy = (agent: string) => ({ _meta: { "io.modelcontextprotocol/serverInfo": { name: `patchbay/${agent}`, version: "1" } } });

/** Methods the recording proxy saw POSTed to server-everything since `from`. */
const proxiedSince = (from: number) => proxy.methods.slice(from);

describe("the MCP Inspector CLI reads prompts and resources through /mcp/agents/:name", () => {
  test("prompts/list is exactly the upstream's prompts as every.<name>", async () => {
    const upstream = (await (await direct()).listPrompts()).prompts;

    const result = await inspect(agents.every, "--method", "prompts/list");

    expect(result.code, result.stderr).toBe(0);
    const prompts = (JSON.parse(result.stdout) as { prompts: { name: string }[] }).prompts;
    expect(prompts).toEqual(upstream.map((prompt) => ({ ...prompt, name: `every.${prompt.name}` })));
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(["every.args-prompt", "every.completable-prompt", "every.resource-prompt", "every.simple-prompt"]);
  });

  test("prompts/get every.args-prompt with arguments answers the upstream's messages", async () => {
    const result = await inspect(agents.every, "--method", "prompts/get", "--prompt-name", "every.args-prompt", "--prompt-args", "city=Paris", "state=Texas");

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ messages: [{ role: "user", content: { type: "text", text: "What's weather in Paris, Texas?" } }] });
  });

  test("resources/list is exactly the upstream's resources, URIs unchanged", async () => {
    const upstream = (await (await direct()).listResources()).resources;

    const result = await inspect(agents.every, "--method", "resources/list");

    expect(result.code, result.stderr).toBe(0);
    const resources = (JSON.parse(result.stdout) as { resources: { uri: string }[] }).resources;
    expect(resources).toEqual(upstream);
    expect(resources.map((resource) => resource.uri)).toContain(DOC_URI);
  });

  test("resources/read of a document answers the upstream's contents at the same URI", async () => {
    const upstream = await (await direct()).readResource({ uri: DOC_URI });

    const result = await inspect(agents.every, "--method", "resources/read", "--uri", DOC_URI);

    expect(result.code, result.stderr).toBe(0);
    const read = JSON.parse(result.stdout) as { contents: { uri: string; mimeType: string; text: string }[] };
    expect(read).toEqual(upstream);
    expect(read.contents).toEqual([{ uri: DOC_URI, mimeType: "text/markdown", text: expect.stringMatching(/\S/) }]);
  });
});

describe("a 2026-07-28 client (SDK 2.x) and a 2025-11-25-only upstream that asks", () => {
  test("the client answers the upstream's elicitation in rounds and gets the upstream's result", async () => {
    const before = asker.asked.length;
    const { client, questions } = await modernClient(agents.ask, "yes, go ahead");

    const result = await client.callTool({ name: "ask.confirm", arguments: { question: "Deploy to production?" } });

    expect(result).toEqual({ ...servedBy(agents.ask), content: [{ type: "text", text: JSON.stringify({ action: "accept", content: { answer: "yes, go ahead" } }) }] });
    expect(questions).toEqual([expect.objectContaining({ message: "Deploy to production?", requestedSchema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] } })]);
    expect(asker.asked.slice(before)).toEqual([{ answer: { action: "accept", content: { answer: "yes, go ahead" } } }]);
  });
});

describe("a 2025-11-25 client that declared elicitation and a 2025-11-25 upstream that asks outside the call", () => {
  test("the upstream's GET stream is open before the call reaches it, so the question it sends there is asked and answered", async () => {
    const before = { asked: asker.asked.length, methods: asker.methods.length };
    const client = await legacyClient(agents.ask, { elicitation: { form: {} } });
    const questions: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      questions.push(request.params);
      return { action: "accept", content: { answer: "aside, yes" } };
    });
    asker.holdingGets = true;
    const getArrived = asker.nextGet();

    const calling = client.callTool({ name: "ask.confirm_aside", arguments: { question: "Rotate the key?" } });
    await getArrived;
    // The SDK drops what the upstream sends outside a request while its GET stream is not open yet.
    const sentWhileHeld = asker.methods.slice(before.methods);
    asker.releaseGets();
    const result = await calling;

    expect(sentWhileHeld).toEqual(["initialize", "notifications/initialized"]);
    expect(result).toEqual({ content: [{ type: "text", text: JSON.stringify({ action: "accept", content: { answer: "aside, yes" } }) }] });
    expect(questions).toEqual([expect.objectContaining({ message: "Rotate the key?" })]);
    expect(asker.asked.slice(before.asked)).toEqual([{ answer: { action: "accept", content: { answer: "aside, yes" } } }]);
  });

  test("a later call on the same upstream session: its question reaches the client, not the answered call that opened the session", async () => {
    const client = await legacyClient(agents.ask, { elicitation: { form: {} } });
    const questions: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      questions.push(request.params.message);
      return { action: "accept", content: { answer: `answer ${questions.length}` } };
    });
    const before = asker.asked.length;

    const first = await client.callTool({ name: "ask.confirm_aside", arguments: { question: "First?" } });
    const second = await client.callTool({ name: "ask.confirm_aside", arguments: { question: "Second?" } });

    expect([first, second]).toEqual([1, 2].map((n) => ({ content: [{ type: "text", text: JSON.stringify({ action: "accept", content: { answer: `answer ${n}` } }) }] })));
    expect(questions).toEqual(["First?", "Second?"]);
    expect(asker.asked.slice(before)).toEqual([1, 2].map((n) => ({ answer: { action: "accept", content: { answer: `answer ${n}` } } })));
  });
});

describe("bad input is a clean MCP error, and nothing reaches an upstream", () => {
  test("an upstream's elicitation of a 2025 client that declared none: the upstream gets Method not found, the client never sees the question", async () => {
    const before = asker.asked.length;
    const client = await legacyClient(agents.ask);
    const questions: unknown[] = [];
    client.fallbackRequestHandler = async (request) => {
      questions.push(request);
      throw new McpError(ErrorCode.MethodNotFound, "Method not found");
    };

    const result = await client.callTool({ name: "ask.confirm", arguments: { question: "Anyone there?" } });

    expect(result).toEqual({ content: [{ type: "text", text: "asking failed: -32601" }], isError: true });
    expect(asker.asked.slice(before)).toEqual([{ error: { code: -32601, message: expect.stringContaining("Method not found") } }]);
    expect(questions).toEqual([]);
  });

  test("a tampered requestState on a 2026-07-28 retry is -32602 Invalid or expired requestState; the upstream's question stays unanswered", async () => {
    const { client } = await modernClient(agents.ask, "tampered", { autoFulfill: false });
    const before = { asked: asker.asked.length, calls: asker.methods.filter((method) => method === "tools/call").length };
    const first = await client.callTool({ name: "ask.confirm", arguments: { question: "Tamper?" } }, { allowInputRequired: true }) as unknown as { resultType: string; requestState: string; inputRequests: Record<string, unknown> };
    expect(first.resultType).toBe("input_required");
    const key = Object.keys(first.inputRequests)[0];
    const tampered = `${first.requestState.slice(0, -2)}${first.requestState.endsWith("AA") ? "BB" : "AA"}`;

    await expect(client.callTool({ name: "ask.confirm", arguments: { question: "Tamper?" }, requestState: tampered, inputResponses: { [key]: { action: "accept", content: { answer: "tampered" } } } } as never))
      .rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Invalid or expired requestState") });
    expect(asker.asked.length).toBe(before.asked);
    expect(asker.methods.filter((method) => method === "tools/call").length).toBe(before.calls + 1);

    // The round it named is intact: the genuine state still finishes it.
    const finished = await client.callTool({ name: "ask.confirm", arguments: { question: "Tamper?" }, requestState: first.requestState, inputResponses: { [key]: { action: "decline" } } } as never);
    expect(finished).toEqual({ ...servedBy(agents.ask), content: [{ type: "text", text: JSON.stringify({ action: "decline" }) }] });
  });

  test("a requestState minted for another token is -32602 Invalid or expired requestState, and answers nothing upstream", async () => {
    const { client: owner } = await modernClient(agents.ask, "mine", { autoFulfill: false });
    const { client: thief } = await modernClient(agents.ask, "stolen", { token: otherToken, autoFulfill: false });
    const before = asker.asked.length;
    const first = await owner.callTool({ name: "ask.confirm", arguments: { question: "Whose?" } }, { allowInputRequired: true }) as unknown as { requestState: string; inputRequests: Record<string, unknown> };
    const key = Object.keys(first.inputRequests)[0];

    await expect(thief.callTool({ name: "ask.confirm", arguments: { question: "Whose?" }, requestState: first.requestState, inputResponses: { [key]: { action: "accept", content: { answer: "stolen" } } } } as never))
      .rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Invalid or expired requestState") });
    expect(asker.asked.length).toBe(before);

    const finished = await owner.callTool({ name: "ask.confirm", arguments: { question: "Whose?" }, requestState: first.requestState, inputResponses: { [key]: { action: "accept", content: { answer: "mine" } } } } as never);
    expect(finished).toEqual({ ...servedBy(agents.ask), content: [{ type: "text", text: JSON.stringify({ action: "accept", content: { answer: "mine" } }) }] });
    expect(asker.asked.slice(before)).toEqual([{ answer: { action: "accept", content: { answer: "mine" } } }]);
  });

  test("an unknown prompt name is -32602, and no prompts/get reaches the upstream", async () => {
    const client = await legacyClient(agents.every);
    const from = proxy.methods.length;

    for (const name of ["every.no-such-prompt", "nowhere.simple-prompt", "simple-prompt"]) {
      await expect(client.getPrompt({ name }), name).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(`Unknown prompt: ${name}`) });
    }
    expect(proxiedSince(from)).not.toContain("prompts/get");
  });

  test("an unknown URI is -32602 resource not found (SEP-2164), and no resources/read reaches the upstream", async () => {
    const client = await legacyClient(agents.every);
    const from = proxy.methods.length;
    const uri = "demo://resource/static/document/no-such-file.md";

    await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(`Resource not found: ${uri}`), data: { uri } });
    expect(proxiedSince(from)).not.toContain("resources/read");
  });

  test("the URI of a server the agent does not reference is not found, and that server sees no request at all", async () => {
    const client = await legacyClient(agents.every);
    const from = asker.methods.length;

    await expect(client.readResource({ uri: SECRET_URI })).rejects.toMatchObject({ code: -32602, data: { uri: SECRET_URI } });
    await expect(client.subscribeResource({ uri: SECRET_URI })).rejects.toMatchObject({ code: -32602, data: { uri: SECRET_URI } });
    expect(asker.methods.slice(from)).toEqual([]);
  });
});

describe("prompt_policy and resource_policy", () => {
  test("a disabled prompt is not listed, and getting or completing it is an unknown prompt that never reaches the upstream", async () => {
    const client = await legacyClient(agents.pol);

    const names = (await client.listPrompts()).prompts.map((prompt) => prompt.name).sort();
    expect(names).toEqual(["pol.args-prompt", "pol.resource-prompt"]);

    const from = proxy.methods.length;
    await expect(client.getPrompt({ name: "pol.simple-prompt" })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Unknown prompt: pol.simple-prompt") });
    await expect(client.complete({ ref: { type: "ref/prompt", name: "pol.completable-prompt" }, argument: { name: "department", value: "E" } }))
      .rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Unknown prompt: pol.completable-prompt") });
    expect(proxiedSince(from).filter((method) => method === "prompts/get" || method === "completion/complete")).toEqual([]);
  });

  test("a disabled resource and template are not listed, and reading or subscribing is resource not found that never reaches the upstream", async () => {
    const client = await legacyClient(agents.pol);
    const upstream = await direct();

    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toEqual((await upstream.listResources()).resources.map((resource) => resource.uri).filter((uri) => uri !== DOC_URI));
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
    expect(templates).toEqual((await upstream.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate).filter((template) => template !== TEXT_TEMPLATE));
    expect(templates.length).toBeGreaterThan(0);

    const from = proxy.methods.length;
    for (const uri of [DOC_URI, "demo://resource/dynamic/text/1"]) {
      await expect(client.readResource({ uri }), uri).rejects.toMatchObject({ code: -32602, data: { uri } });
      await expect(client.subscribeResource({ uri }), uri).rejects.toMatchObject({ code: -32602, data: { uri } });
    }
    await expect(client.complete({ ref: { type: "ref/resource", uri: TEXT_TEMPLATE }, argument: { name: "resourceId", value: "1" } })).rejects.toMatchObject({ code: -32602 });
    expect(proxiedSince(from).filter((method) => ["resources/read", "resources/subscribe", "completion/complete"].includes(method))).toEqual([]);

    // What the policy leaves is served as before (the blob names the second it was made: compared without it).
    const blob = async (read: Promise<{ contents: Record<string, unknown>[] }>) => (await read).contents.map(({ blob: data, ...rest }) => ({ ...rest, text: Buffer.from(String(data), "base64").toString().replace(/created at .*/, "created at …") }));
    expect(await blob(client.readResource({ uri: "demo://resource/dynamic/blob/1" }) as never)).toEqual(await blob(upstream.readResource({ uri: "demo://resource/dynamic/blob/1" }) as never));
  });
});
