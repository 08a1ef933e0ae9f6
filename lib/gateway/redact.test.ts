import { describe, expect, test } from "vitest";

import { createRedactor, REDACTED } from "./redact";

const result = {
  content: [{ type: "text", text: "token sk-live-4242abcd for bob" }, { type: "text", text: JSON.stringify({ secret: "s1", keep: "k" }) }],
  structuredContent: { visible: "kept", secret: "json-secret", nested: { secret: "deep", list: [{ secret: "x" }] } },
};

describe("createRedactor — redaction.patterns, redaction.json_paths and resolved secrets", () => {
  test.each([
    ["nothing configured leaves the value as it is", undefined, [], result],
    ["patterns replace every match in every string", { patterns: ["sk-live-[0-9a-z]+"] }, [], {
      ...result, content: [{ type: "text", text: `token ${REDACTED} for bob` }, result.content[1]],
    }],
    ["json_paths replace selected values in structuredContent and in JSON text blocks", { json_paths: ["$..secret"] }, [], {
      content: [result.content[0], { type: "text", text: JSON.stringify({ secret: REDACTED, keep: "k" }) }],
      structuredContent: { visible: "kept", secret: REDACTED, nested: { secret: REDACTED, list: [{ secret: REDACTED }] } },
    }],
    ["resolved secrets are masked too", undefined, ["bob-token", "for bob"], {
      ...result, content: [{ type: "text", text: "token sk-live-4242abcd ••••" }, result.content[1]],
    }],
  ])("%s", (_name, redaction, secrets, expected) => {
    const redact = createRedactor(redaction, secrets);
    expect(redact(result)).toEqual(expected);
    redact.release();
  });

  test("json_paths apply to a normalized result's structured_content too", () => {
    const redact = createRedactor({ json_paths: ["$.secret"] }, []);
    expect(redact({ is_error: false, content: [], structured_content: { secret: "s", keep: 1 } })).toEqual({ is_error: false, content: [], structured_content: { secret: REDACTED, keep: 1 } });
  });

  test("the input is not changed in place", () => {
    const copy = structuredClone(result);
    createRedactor({ patterns: ["sk-[a-z-]+"], json_paths: ["$.secret"] }, [])(result);
    expect(result).toEqual(copy);
  });

  test("a log line is redacted like a result", () => {
    const redact = createRedactor({ patterns: ["\\d{4}-\\d{4}"] }, []);
    expect(redact("card 4111-1111 and 4222-2222")).toBe(`card ${REDACTED} and ${REDACTED}`);
  });
});
