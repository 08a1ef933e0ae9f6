import { describe, expect, inject, test } from "vitest";

import { apiClient, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));

const postImport = (body: unknown, query: string) =>
  api.request("POST", `/api/import${query}`, { rawBody: JSON.stringify(body) });

describe("POST /api/import?details=true — the import page's preview: where each server would connect", () => {
  test("each created server carries its transport, URL or command line; secrets in the arguments are masked, the URL's become placeholders", async () => {
    const [remote, local, tenant] = [uniqueName("details-remote"), uniqueName("details-local"), uniqueName("details-tenant")];
    const config = {
      mcpServers: {
        [remote]: { url: "https://alice:pa55word@mcp.example.com/mcp?api_key=abc123&region=eu", headers: { Authorization: "Bearer literal-secret" } },
        [local]: { command: "uvx", args: ["some-mcp", "--token", "t0ps3cret", "--client-secret=s3cr3t", "--port", "3000"] },
        [tenant]: { url: "https://mcp.example.com/mcp?token=${TENANT_TOKEN}" },
      },
    };
    const response = await postImport(config, "?dry_run=true&details=true&secrets=placeholders");

    expect(response.status, response.text).toBe(200);
    const byName = Object.fromEntries((response.body.created as { name: string }[]).map((entry) => [entry.name, entry]));
    const prefix = remote.toUpperCase().replace(/-/g, "_");
    // ?secrets=placeholders turns the URL's literal secrets into placeholders too; the preview drops user:password@.
    expect(byName[remote]).toMatchObject({
      transport: { type: "http", url: `https://mcp.example.com/mcp?api_key=\${${prefix}_URL_QUERY_API_KEY}&region=eu` },
      placeholders: [`${prefix}_AUTHORIZATION`, `${prefix}_URL_PASSWORD`, `${prefix}_URL_QUERY_API_KEY`],
    });
    expect(byName[local]).toMatchObject({ transport: { type: "stdio", command: "uvx", args: ["some-mcp", "--token", "••••", "--client-secret=••••", "--port", "3000"] } });
    expect(byName[tenant]).toMatchObject({ transport: { type: "http", url: "https://mcp.example.com/mcp?token=${TENANT_TOKEN}" } });
    // The attack: a preview that echoed the file would hand its credentials back in the answer.
    for (const secret of ["pa55word", "alice", "abc123", "t0ps3cret", "s3cr3t", "literal-secret"]) expect(response.text).not.toContain(secret);
    expect((await api.get(`/api/mcp-servers/${remote}`)).status).toBe(404);
  });

  test("without details the report entries are as before: name, placeholders, warnings — no transport", async () => {
    const name = uniqueName("details-off");
    const response = await postImport({ mcpServers: { [name]: { url: "https://mcp.example.com/mcp" } } }, "?dry_run=true");

    expect(response.status, response.text).toBe(200);
    expect(response.body.created).toEqual([{ name }]);
  });

  test("details=maybe is a 400 naming the field", async () => {
    const response = await postImport({ mcpServers: {} }, "?dry_run=true&details=maybe");

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "/details" })]);
  });
});
