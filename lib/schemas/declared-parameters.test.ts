import { describe, expect, it } from "vitest";

import { findUndeclaredParameters, undeclaredParameterIn, undeclaredParameterMessage } from "./declared-parameters";
import { serverInputSchema } from "./server";
import { zodFieldErrors } from "./field-errors";

const schema = { type: "object", properties: { region: { type: "string" } } };

describe("findUndeclaredParameters", () => {
  it.each([
    ["a declared parameter", { transport: { url: "https://{{region}}.example.com" }, parameters_schema: schema }, []],
    ["no schema at all", { transport: { url: "https://x.example/mcp", headers: { "X-Project-Id": "{{project_id}}" } } }, [["transport", "headers", "X-Project-Id"]]],
    ["a schema that declares another name", { transport: { url: "https://x.example/{{ region }}/{{tenant}}" }, parameters_schema: schema }, [["transport", "url"]]],
    ["stdio args and env", { transport: { command: "node", args: ["{{region}}", "{{root}}"], env: { HOME_DIR: "{{home}}" } }, parameters_schema: schema }, [["transport", "args", 1], ["transport", "env", "HOME_DIR"]]],
    ["an environment's override", { transport: { url: "https://x.example" }, environments: { prod: { url: "https://{{zone}}.example" } } }, [["environments", "prod", "url"]]],
    ["a ${VAR} is not a parameter", { transport: { url: "${BASE}/mcp" } }, []],
  ])("%s", (_, definition, paths) => {
    expect(findUndeclaredParameters(definition as never).map((found) => found.path)).toEqual(paths);
  });

  it("names each parameter once per string, in a sentence the form can read the name back from", () => {
    const found = findUndeclaredParameters({ transport: { url: "https://{{a}}.x/{{a}}/{{b}}" } });
    expect(found.map((item) => item.parameter)).toEqual(["a", "b"]);
    expect(found[0].message).toBe("uses {{a}}, which the parameters schema does not declare");
    expect(undeclaredParameterIn(undeclaredParameterMessage("project_id"))).toBe("project_id");
    expect(undeclaredParameterIn("is required")).toBeUndefined();
  });
});

describe("serverInputSchema — undeclared parameters", () => {
  it("refuses a header that uses {{project_id}} without a schema, naming the field", () => {
    const result = serverInputSchema.safeParse({
      name: "s", description: "d", transport: { type: "http", url: "https://x.example/mcp", headers: { "X-Project-Id": "{{project_id}}" } },
    });
    expect(result.success).toBe(false);
    expect(zodFieldErrors(result.error!)).toEqual([
      { path: "/transport/headers/X-Project-Id", message: "uses {{project_id}}, which the parameters schema does not declare" },
    ]);
  });

  it("accepts it once the schema declares the parameter", () => {
    const result = serverInputSchema.safeParse({
      name: "s", description: "d", transport: { type: "http", url: "https://x.example/mcp", headers: { "X-Project-Id": "{{project_id}}" } },
      parameters_schema: { type: "object", required: ["project_id"], properties: { project_id: { type: "string" } } },
    });
    expect(result.success).toBe(true);
  });
});
