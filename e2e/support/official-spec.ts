import { readFileSync } from "node:fs";

import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { parse } from "yaml";

import { sharedFixture } from "./shared-fixtures";

const OPENAPI_ID = "https://registry.modelcontextprotocol.io/openapi.yaml";

/**
 * The official registry's published OpenAPI document and server.json schema, as vendored unmodified in
 * `../shared/fixtures/official-registry-spec/`, compiled with Ajv: `ServerList` and `ServerResponse` from the
 * OpenAPI document, each `server` object against server.json. Counts what it validated.
 */
export function officialSpecValidators() {
  const openapi = parse(readFileSync(sharedFixture("official-registry-spec/openapi.yaml"), "utf8")) as Record<string, unknown>;
  const serverJson = JSON.parse(readFileSync(sharedFixture("official-registry-spec/server.schema.json"), "utf8")) as Record<string, unknown>;
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` is an OpenAPI keyword Ajv need not know.
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
  ajv.addSchema({ ...openapi, $id: OPENAPI_ID });
  ajv.addSchema(serverJson);
  const compiled: Record<"ServerList" | "ServerResponse", ValidateFunction> = {
    ServerList: ajv.getSchema(`${OPENAPI_ID}#/components/schemas/ServerList`)!,
    ServerResponse: ajv.getSchema(`${OPENAPI_ID}#/components/schemas/ServerResponse`)!,
  };
  const serverSchema = ajv.getSchema(serverJson.$id as string)!;
  const counts = { ServerList: 0, ServerResponse: 0, "server.json": 0 };

  function check(validate: ValidateFunction, value: unknown, what: keyof typeof counts): string[] {
    counts[what]++;
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${what}${error.instancePath} ${error.message}`);
  }
  /** Errors of a `/v0.1` body against the official component, and of each `server` in it against server.json. */
  function validate(body: unknown, component: "ServerList" | "ServerResponse"): string[] {
    const entries = component === "ServerList" ? ((body as { servers?: unknown[] }).servers ?? []) : [body];
    return [
      ...check(compiled[component], body, component),
      ...entries.flatMap((entry) => check(serverSchema, (entry as { server?: unknown }).server, "server.json")),
    ];
  }
  return { validate, counts };
}
