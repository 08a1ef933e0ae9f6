import { describe, expect, it } from "vitest";

import { fieldLabel, humanError, humanMessage } from "./human-messages";

describe("human validation messages", () => {
  it.each([
    [{ path: "/parameters", message: "must have required property 'project_id'" }, "project_id is required."],
    [{ path: "/parameters/project_id", message: "must have required property 'project_id'" }, "project_id is required."],
    [{ path: "/parameters/extra", message: "must NOT have additional properties" }, "extra is not one the schema allows."],
    [{ path: "/parameters/limit", message: "must be integer" }, "limit must be a whole number."],
    [{ path: "/parameters/mode", message: "must be equal to one of the allowed values" }, "mode must be one of the listed values."],
    [{ path: "/tools", message: "Invalid input: expected object, received string" }, "tools must be a JSON object, not text."],
    [{ path: "/headers/X-Namespace", message: "parameter 'namespace' has no value" }, "Header X-Namespace needs a value for the parameter 'namespace'."],
    [{ path: "/transport/headers/X-Project-Id", message: "uses {{project_id}}, which the parameters schema does not declare" }, "Header X-Project-Id uses {{project_id}}, which the parameters schema does not declare."],
    [{ path: "/environments/production/url", message: "uses {{region}}, which the parameters schema does not declare" }, "The URL (production) uses {{region}}, which the parameters schema does not declare."],
    [{ path: "", message: "must be object" }, "Must be a JSON object."],
  ])("%j → %s", (error, sentence) => {
    expect(humanError(error).sentence).toBe(sentence);
  });

  it("words zod's and Ajv's fragments for a field that shows its own label", () => {
    expect(humanMessage("Invalid input: expected string, received undefined")).toBe("is required");
    expect(humanMessage("Too small: expected string to have >=1 characters")).toBe("must not be empty");
    expect(humanMessage('Invalid option: expected one of "http"|"sse"|"stdio"')).toBe('must be one of "http", "sse", "stdio"');
    expect(humanMessage("must NOT have fewer than 2 characters")).toBe("must be at least 2 characters long");
    expect(humanMessage("is required")).toBe("is required");
  });

  it("labels paths by what they are", () => {
    expect(fieldLabel("/transport/args/0")).toBe("Argument 1");
    expect(fieldLabel("/tools/virtual/0/source")).toBe("tools › virtual › 1 › source");
    expect(fieldLabel("/mcp_servers/docs")).toBe("Server reference docs");
    expect(fieldLabel("/mcp_servers/docs/parameters")).toBe("Server reference docs › parameters");
    expect(humanError({ path: "/parameters/a~1b", message: "must have required property 'c'" }).path).toBe("/parameters/a~1b/c");
  });
});
