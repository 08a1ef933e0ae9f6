import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { startEverything, startRecordingProxy, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { SECRET_URI, startAskingPeer, type AskingPeer } from "../support/asking-peer";
import { authedEnv } from "../support/authed-patchbay";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";
import { waitUntil } from "../support/wait-until";

/**
 * DESIGN §16: what a 2026-07-28 client is asked, and what it answers, stays its own.
 * - An upstream session on which an upstream's questions may be relayed belongs to one caller (token): another
 *   token's question, asked on that session's GET stream, never reaches a round of this one, nor is answered by it
 *   (callers that declared nothing relayable still share one pooled session).
 * - A `requestState` is bound to the endpoint (target kind and name, environment) and the request (method, tool or
 *   prompt name, resource URI) it was minted for: replayed on any other it is refused as a tampered one is, and
 *   nothing reaches an upstream.
 * The upstream is the 2025-11-25-only asking peer (its `confirm` asks during the call, `confirm_aside` on its GET
 * stream); `every` is server-everything behind a recording proxy. Loopback only.
 */
const ADMIN_TOKEN = `pb-round-isolation-${uniqueName("t")}`;
const ALICE_QUESTION = "ALICE: deploy?";
const BOB_QUESTION = "BOB-PRIVATE: the staging database password is hunter2, rotate it?";
const ANSWER_SCHEMA = { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] };

let patchbay: PatchbayProcess;
let admin: ApiClient;
let asker: AskingPeer;
let everything: EverythingServer;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
/** `agentAsk`: an agent whose capability references the asking peer as `ask`; `agentAsk2`: an agent referencing it directly; `capEvery`: a capability of server-everything as `every`. */
const targets = { agentAsk: uniqueName("agent-ask"), agentAsk2: uniqueName("agent-ask2"), capEvery: uniqueName("cap-every") };
const clients: ModernClient[] = [];

beforeAll(async () => {
  [patchbay, asker, everything] = await Promise.all([
    startPatchbay({ env: { ...authedEnv(ADMIN_TOKEN), PATCHBAY_HEALTH_ENVIRONMENTS: "development,staging" } }),
    startAskingPeer(),
    startEverything("streamableHttp"),
  ]);
  proxy = await startRecordingProxy(everything.port);
  admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const askServer = uniqueName("iso-ask");
  const everyServer = uniqueName("iso-every");
  await expectStatus(admin.post("/api/mcp-servers", httpServer(askServer, { transport: { type: "http", url: `${asker.url}/mcp` } })), 201, "the asking server");
  await expectStatus(admin.post("/api/mcp-servers", httpServer(everyServer, { transport: { type: "http", url: `${proxy.url}/mcp` } })), 201, "server-everything");
  await expectStatus(admin.post(`/api/mcp-servers/${askServer}/test`, {}), 200, "testing the asking server");
  await expectStatus(admin.post(`/api/mcp-servers/${everyServer}/test`, {}), 200, "testing server-everything");
  const capAsk = uniqueName("cap-ask");
  await expectStatus(admin.post("/api/capabilities", { name: capAsk, description: "asks", mcp_servers: { ask: askServer } }), 201, "capability cap-ask");
  await expectStatus(admin.post("/api/capabilities", { name: targets.capEvery, description: "everything", mcp_servers: { every: everyServer } }), 201, "capability cap-every");
  await expectStatus(admin.post("/api/agents", { name: targets.agentAsk, description: "asks through a capability", capabilities: [capAsk] }), 201, "agent-ask");
  await expectStatus(admin.post("/api/agents", { name: targets.agentAsk2, description: "asks directly", mcp_servers: { ask: askServer } }), 201, "agent-ask2");
}, 240_000);
afterEach(async () => void (await Promise.all(clients.splice(0).map((client) => client.close()))));
afterAll(async () => void (await Promise.all([patchbay?.stop(), asker?.close(), proxy?.close(), everything?.stop()])));

async function expectStatus<T extends { status: number; text: string }>(pending: Promise<T>, status: number, what: string): Promise<T> {
  const response = await pending;
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response;
}

/** A runner token of its own: each test's callers start with no upstream session of theirs in the pool. */
const runnerToken = (who: string) => mintToken(patchbay.baseUrl, ADMIN_TOKEN, uniqueName(who), "runner");

/**
 * A 2026-07-28 client (SDK 2.x) of `path` (`agents/<name>` or `capabilities/<name>`, query allowed) with `token`,
 * in manual mode (every InputRequiredResult comes back to the test); it declares form elicitation unless told
 * otherwise. `asked` records anything the SDK would have had it answer itself (nothing, in manual mode).
 */
async function modernClient(path: string, token: string, capabilities: Record<string, unknown> = { elicitation: { form: {} } }) {
  const asked: unknown[] = [];
  const client = new ModernClient({ name: "round-isolation-test", version: "1.0.0" }, {
    capabilities, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false },
  });
  if ("elicitation" in capabilities) {
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params);
      return { action: "decline" };
    });
  }
  await client.connect(new ModernTransport(new URL(`/mcp/${path}`, patchbay.baseUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return { client, asked };
}

type InputRequired = { resultType: "input_required"; inputRequests: Record<string, { method: string; params: { message: string } }>; requestState: string };

/** tools/call, an InputRequiredResult allowed as an answer; `retry` carries a requestState and inputResponses. */
function callTool(client: ModernClient, name: string, question: string, retry: { requestState?: string; inputResponses?: Record<string, unknown> } = {}) {
  return client.callTool({ name, arguments: { question }, ...retry } as never, { allowInputRequired: true }) as Promise<Record<string, unknown>>;
}

const accept = (answer: string) => ({ action: "accept", content: { answer } });
/** The form elicitation the asking peer sends for `question`, as the gateway passes it on. */
const elicitation = (question: string) => ({ method: "elicitation/create", params: { mode: "form", message: question, requestedSchema: ANSWER_SCHEMA } });
/** The asking peer's result for a question answered `answer`, served by `target`. */
const answered = (target: string, answer: string) => ({
  _meta: { "io.modelcontextprotocol/serverInfo": { name: `patchbay/${target}`, version: "1" } },
  content: [{ type: "text", text: JSON.stringify(accept(answer)) }],
});
const toolCallsTo = (methods: string[]) => methods.filter((method) => method === "tools/call").length;

/** `pending`, or a failure naming `what` once `ms` have passed (an unfixed gateway leaves Bob's call hanging on Alice). */
function within<T>(pending: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}

describe("an upstream's question on a shared GET stream never crosses from one token to another", () => {
  const variants = [
    { title: "both on agent-ask", alice: () => targets.agentAsk, bob: () => targets.agentAsk },
    { title: "Alice on agent-ask2 (the server referenced directly), Bob on agent-ask", alice: () => targets.agentAsk2, bob: () => targets.agentAsk },
  ];

  for (const variant of variants) {
    test(`${variant.title}: Bob is asked his own question, Alice is never shown it, and each answer reaches the upstream for its own call`, async () => {
      const [aliceToken, bobToken] = await Promise.all([runnerToken("runner-a"), runnerToken("runner-b")]);
      const alice = await modernClient(`agents/${variant.alice()}`, aliceToken);
      const bob = await modernClient(`agents/${variant.bob()}`, bobToken);
      const before = { asked: asker.asked.length, initializes: asker.methods.filter((method) => method === "initialize").length };

      // 1. Alice is asked her question and leaves her round open.
      const aliceFirst = await callTool(alice.client, "ask.confirm", ALICE_QUESTION);
      expect(aliceFirst).toMatchObject({ resultType: "input_required", requestState: expect.any(String) });
      expect((aliceFirst as InputRequired).inputRequests).toEqual({ "input-1": elicitation(ALICE_QUESTION) });

      // 2. Bob's tool asks on its session's GET stream, outside his call: the question is his, and comes back to him.
      const bobFirst = await within(callTool(bob.client, "ask.confirm_aside", BOB_QUESTION), "Bob's own question never came back to Bob");
      expect(bobFirst).toMatchObject({ resultType: "input_required", requestState: expect.any(String) });
      expect((bobFirst as InputRequired).inputRequests).toEqual({ "input-1": elicitation(BOB_QUESTION) });

      // 3. Alice answers hers: she gets her result, not Bob's question.
      const aliceState = (aliceFirst as InputRequired).requestState;
      const aliceResult = await callTool(alice.client, "ask.confirm", ALICE_QUESTION, { requestState: aliceState, inputResponses: { "input-1": accept("alice-answer") } });
      expect(aliceResult).toEqual(answered(variant.alice(), "alice-answer"));

      // 4. Bob answers his own question, and his call returns his answer.
      const bobState = (bobFirst as InputRequired).requestState;
      const bobResult = await within(callTool(bob.client, "ask.confirm_aside", BOB_QUESTION, { requestState: bobState, inputResponses: { "input-1": accept("bob-answer") } }), "Bob's call");
      expect(bobResult).toEqual(answered(variant.bob(), "bob-answer"));

      // The upstream got each caller's answer for that caller's own question, on a session of each caller's own.
      expect(asker.asked.slice(before.asked)).toEqual([{ answer: accept("alice-answer") }, { answer: accept("bob-answer") }]);
      expect(asker.methods.filter((method) => method === "initialize").length - before.initializes).toBe(2);
      expect(JSON.stringify([aliceFirst, aliceResult, alice.asked])).not.toContain("BOB-PRIVATE");
      expect(JSON.stringify([bobFirst, bobResult, bob.asked])).not.toContain("ALICE");
    });
  }

  test("the auditor's repro: Alice's retry with input-1 only, once Bob's question was sent, is answered with her result and no input-2; Bob answers his own", async () => {
    const [aliceToken, bobToken] = await Promise.all([runnerToken("runner-a"), runnerToken("runner-b")]);
    const alice = await modernClient(`agents/${targets.agentAsk}`, aliceToken);
    const bob = await modernClient(`agents/${targets.agentAsk}`, bobToken);
    const before = asker.asked.length;

    // 1. Alice's round opens (and with it, on an unfixed gateway, the upstream session both would share).
    const aliceFirst = await callTool(alice.client, "ask.confirm", ALICE_QUESTION) as InputRequired;
    expect(aliceFirst.inputRequests).toEqual({ "input-1": elicitation(ALICE_QUESTION) });
    // 2. Bob's tool sends its question on its session's GET stream.
    const bobCall = callTool(bob.client, "ask.confirm_aside", BOB_QUESTION);
    bobCall.catch(() => undefined); // awaited below; a failure before then must not be an unhandled rejection
    await waitUntil(() => asker.questions.includes(BOB_QUESTION), 15_000, "the asking peer to send Bob's question");

    // 3. Her state, and an answer for input-1 only: her result, and nothing of Bob's.
    const aliceRetry = await callTool(alice.client, "ask.confirm", ALICE_QUESTION, { requestState: aliceFirst.requestState, inputResponses: { "input-1": accept("via-alice") } });
    expect(aliceRetry).toEqual(answered(targets.agentAsk, "via-alice"));

    // Her state is spent: answering an "input-2" with it reaches nothing.
    await expect(callTool(alice.client, "ask.confirm", ALICE_QUESTION, { requestState: aliceFirst.requestState, inputResponses: { "input-2": accept("alice-answers-bob") } }))
      .rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Invalid or expired requestState") });
    expect(asker.asked.slice(before)).toEqual([{ answer: accept("via-alice") }]);

    // 4. Bob's question came back to Bob, and his call returns his own answer.
    const bobFirst = await within(bobCall, "Bob's own question never came back to Bob") as InputRequired;
    expect(bobFirst.inputRequests).toEqual({ "input-1": elicitation(BOB_QUESTION) });
    const bobResult = await callTool(bob.client, "ask.confirm_aside", BOB_QUESTION, { requestState: bobFirst.requestState, inputResponses: { "input-1": { action: "decline" } } });
    expect(bobResult).toEqual({ ...answered(targets.agentAsk, ""), content: [{ type: "text", text: JSON.stringify({ action: "decline" }) }] });
    expect(asker.asked.slice(before)).toEqual([{ answer: accept("via-alice") }, { answer: { action: "decline" } }]);
  });

  test("callers that declared nothing an upstream could ask still share one pooled upstream session; those that declared elicitation have one each", async () => {
    const tokens = await Promise.all([runnerToken("runner-plain-a"), runnerToken("runner-plain-b"), runnerToken("runner-ask-a"), runnerToken("runner-ask-b")]);
    const initializes = () => asker.methods.filter((method) => method === "initialize").length;
    const plain = await Promise.all(tokens.slice(0, 2).map((token) => modernClient(`agents/${targets.agentAsk}`, token, {})));
    const refused = { content: [{ type: "text", text: "asking failed: -32601" }], isError: true };

    // The first plain caller may open the shared session (or find it open); the second reuses it.
    expect(await plain[0].client.callTool({ name: "ask.confirm", arguments: { question: "plain one" } })).toMatchObject(refused);
    const afterFirst = initializes();
    expect(await plain[1].client.callTool({ name: "ask.confirm", arguments: { question: "plain two" } })).toMatchObject(refused);
    expect(initializes()).toBe(afterFirst);

    const asking = await Promise.all(tokens.slice(2).map((token) => modernClient(`agents/${targets.agentAsk}`, token)));
    for (const [index, { client }] of asking.entries()) {
      const asked = await callTool(client, "ask.confirm", `asking ${index}`) as InputRequired;
      expect(asked.inputRequests).toEqual({ "input-1": elicitation(`asking ${index}`) });
      await callTool(client, "ask.confirm", `asking ${index}`, { requestState: asked.requestState, inputResponses: { "input-1": { action: "cancel" } } });
    }
    expect(initializes()).toBe(afterFirst + 2);
  });
});

describe("a requestState is bound to the endpoint, environment, method and name it was minted for", () => {
  test("replayed on cap-every's every.echo, a resources/read, another tool, another target or environment: -32602 Invalid or expired requestState, and no upstream receives anything", async () => {
    const token = await runnerToken("runner-a");
    const alice = await modernClient(`agents/${targets.agentAsk}`, token);
    const first = await callTool(alice.client, "ask.confirm", "Deploy to production?") as InputRequired;
    expect(first.inputRequests).toEqual({ "input-1": elicitation("Deploy to production?") });
    const stolen = { requestState: first.requestState, inputResponses: { "input-1": accept("via-cap-every") } };
    const before = { asked: asker.asked.length, askerMethods: asker.methods.length, proxied: proxy.methods.length };
    const refusal = { code: -32602, message: expect.stringContaining("Invalid or expired requestState") };

    // The auditor's repro: the round's state on a capability that does not reference `ask`, for another tool.
    const capEvery = await modernClient(`capabilities/${targets.capEvery}`, token);
    await expect(capEvery.client.callTool({ name: "every.echo", arguments: { message: "hi" }, ...stolen } as never, { allowInputRequired: true })).rejects.toMatchObject(refusal);
    // The same endpoint, another method or another tool.
    await expect(alice.client.readResource({ uri: SECRET_URI, ...stolen } as never)).rejects.toMatchObject(refusal);
    await expect(callTool(alice.client, "ask.confirm_aside", "Deploy to production?", stolen)).rejects.toMatchObject(refusal);
    // The same tool through another target referencing the same server, and the same target in another environment.
    const agentAsk2 = await modernClient(`agents/${targets.agentAsk2}`, token);
    await expect(callTool(agentAsk2.client, "ask.confirm", "Deploy to production?", stolen)).rejects.toMatchObject(refusal);
    const staging = await modernClient(`agents/${targets.agentAsk}?environment=staging`, token);
    await expect(callTool(staging.client, "ask.confirm", "Deploy to production?", stolen)).rejects.toMatchObject(refusal);

    expect(asker.asked.length).toBe(before.asked);
    expect(asker.methods.slice(before.askerMethods)).toEqual([]);
    expect(proxy.methods.slice(before.proxied)).toEqual([]);

    // The round it named is intact: the genuine request finishes it, with the answer it gives.
    const finished = await callTool(alice.client, "ask.confirm", "Deploy to production?", { requestState: first.requestState, inputResponses: { "input-1": accept("genuine") } });
    expect(finished).toEqual(answered(targets.agentAsk, "genuine"));
    expect(asker.asked.slice(before.asked)).toEqual([{ answer: accept("genuine") }]);
    expect(toolCallsTo(asker.methods.slice(before.askerMethods))).toBe(0);
  });
});
