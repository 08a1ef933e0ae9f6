import { describe, expect, test } from "vitest";

import { formFieldOf, pointerSegments } from "./server-form-errors";
import { serverFormResolver } from "./server-form-resolver";
import { emptyFormValues, toFormValues, type ServerFormValues } from "./server-form-values";

const options = { fields: {}, shouldUseNativeValidation: false } as never;

function valid(): ServerFormValues {
  return { ...emptyFormValues(), name: "weather", description: "Forecasts", transport: { ...emptyFormValues().transport, url: "https://weather.example.com/mcp" } };
}

async function errorsOf(values: ServerFormValues) {
  const result = await serverFormResolver(values, undefined, options);
  return JSON.parse(JSON.stringify(result.errors, (key, value) => (key === "ref" ? undefined : value)));
}

describe("serverFormResolver", () => {
  test("a valid form gives the definition the API takes", async () => {
    const result = await serverFormResolver(valid(), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: "weather", description: "Forecasts", transport: { type: "http", url: "https://weather.example.com/mcp" } });
  });

  test.each<{ proves: string; change: (values: ServerFormValues) => void; field: string[]; message: RegExp }>([
    { proves: "an invalid URL lands on the URL input", change: (v) => { v.transport.url = "not a url"; }, field: ["transport", "url"], message: /absolute http/ },
    { proves: "a missing description lands on description", change: (v) => { v.description = ""; }, field: ["description"], message: /required/ },
    { proves: "an upper-case name lands on name", change: (v) => { v.name = "Weather"; }, field: ["name"], message: /lowercase/ },
    { proves: "broken JSON in the parameters schema lands on its editor", change: (v) => { v.parameters_schema = "{"; }, field: ["parameters_schema"], message: /not valid JSON/ },
    { proves: "a schema that is not a JSON Schema lands on its editor", change: (v) => { v.parameters_schema = '{"type": 5}'; }, field: ["parameters_schema"], message: /JSON Schema/ },
    { proves: "a repeated header lands on the second row's key", change: (v) => { v.transport.headers = [{ key: "A", value: "1" }, { key: "A", value: "2" }]; }, field: ["transport", "headers", "1", "key"], message: /already set/ },
    { proves: "a bad environment URL lands on that row", change: (v) => { v.environments = [{ name: "prod", url: "nope", command: "", args: [], extra: {} }]; }, field: ["environments", "0", "url"], message: /absolute http/ },
    { proves: "an environment without a name lands on its name", change: (v) => { v.environments = [{ name: "", url: "", command: "", args: [], extra: {} }]; }, field: ["environments", "0", "name"], message: /required/ },
    { proves: "stdio without a command lands on command", change: (v) => { v.transport.type = "stdio"; }, field: ["transport", "command"], message: /required/ },
  ])("$proves", async ({ change, field, message }) => {
    const values = valid();
    change(values);
    const errors = await errorsOf(values);
    const error = field.reduce((node, key) => node?.[key], errors);
    expect(error?.message).toMatch(message);
  });

  test("fields of the other transport kind are dropped, not refused", async () => {
    const values = valid();
    values.transport = { ...values.transport, type: "stdio", command: "node", args: [{ value: "server.js" }] };
    const result = await serverFormResolver(values, undefined, options);
    expect(result.values).toMatchObject({ transport: { type: "stdio", command: "node", args: ["server.js"] } });
  });
});

describe("formFieldOf", () => {
  const values = toFormValues({
    name: "x", description: "d",
    transport: { type: "http", url: "http://a", headers: { Authorization: "Bearer ${T}" } },
    environments: { production: { url: "http://b" } },
  });

  test.each([
    ["/transport/url", "transport.url"],
    ["/transport/headers/Authorization", "transport.headers.0.value"],
    ["/environments/production/url", "environments.0.url"],
    ["/support/documentation_url", "support.documentation_url"],
    ["/tags/1", "tags"],
    ["/tools/0/name", "root.server"],
  ])("%s → %s", (pointer, field) => {
    expect(formFieldOf(pointerSegments(pointer), values)).toBe(field);
  });
});

describe("toFormValues", () => {
  test("keeps what the form cannot edit (tools, environment headers) and sends it back", async () => {
    const stored = {
      name: "x", description: "d", transport: { type: "http" as const, url: "http://a" },
      environments: { prod: { url: "http://b", headers: { "X-Env": "prod" } } },
      tools: [{ name: "ping" }],
    };
    const result = await serverFormResolver(toFormValues(stored), undefined, options);
    expect(result.values).toEqual(stored);
  });
});
