import { startEverything, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { expect, test } from "./fixtures";

const baseUrl = () => process.env.PATCHBAY_BASE_URL!;
let everything: EverythingServer;

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp");
});
test.afterAll(async () => everything?.stop());

test("an agent's page lists the prompts and resources its gateway offers and the server it could not reach; the server's page pins its prompts", async ({ page }) => {
  const api = apiClient(baseUrl());
  const server = uniqueName("journey-everything");
  const down = uniqueName("journey-down");
  const agent = uniqueName("journey-offers");
  // Pinned by hand, so the server's page has prompts waiting for a pin.
  expect((await api.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` }, prompt_policy: { pin: "manual" } }))).status).toBe(201);
  expect((await api.post("/api/mcp-servers", httpServer(down))).status).toBe(201);
  expect((await api.post("/api/agents", { name: agent, description: "Prompts and resources", mcp_servers: { ev: server, gone: down } })).status).toBe(201);
  expect((await api.post(`/api/mcp-servers/${server}/test`, {})).body.status).toBe("healthy");

  await page.goto(`${baseUrl()}/agents/${agent}`);
  const prompts = page.getByRole("region", { name: "Prompts" });
  await expect(prompts.getByRole("list", { name: "Prompts" }).getByRole("listitem")).toHaveCount(4);
  const argsPrompt = prompts.getByRole("listitem").filter({ hasText: "ev.args-prompt" });
  await expect(argsPrompt).toContainText("A prompt with two arguments, one required and one optional");
  await expect(argsPrompt).toContainText("city (required), state");
  await expect(argsPrompt.getByRole("link", { name: server })).toBeVisible();
  await expect(prompts.getByRole("list", { name: "Prompt problems" })).toContainText(`gone (${down}) left out: MCP server '${down}' did not answer: connection refused 127.0.0.1:9`);

  const resources = page.getByRole("region", { name: "Resources" });
  await expect(resources.getByRole("listitem").filter({ hasText: "demo://resource/static/document/architecture.md" })).toContainText("text/markdown");
  await expect(resources.getByRole("listitem").filter({ hasText: "demo://resource/dynamic/text/{resourceId}" })).toContainText("(template)");
  await expect(resources.getByRole("list", { name: "Resource problems" })).toContainText(`gone (${down}) left out`);

  await argsPrompt.getByRole("link", { name: server }).click();
  const card = page.getByRole("region", { name: /^Prompts/ });
  await expect(card.getByRole("list", { name: "Server prompts" }).getByRole("listitem")).toHaveCount(4);
  await expect(card.getByText("not pinned.")).toBeVisible();
  await card.getByRole("button", { name: "Pin current prompts" }).click();
  await expect(card.getByText(/pinned by anonymous/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Pin current prompts" })).toHaveCount(0);
  await expect(card.getByRole("listitem").filter({ hasText: "simple-prompt" }).getByText("pinned", { exact: true })).toBeVisible();
});
