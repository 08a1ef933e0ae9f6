import { describe, expect, it } from "vitest";

import { shownUrl } from "./shown-url";

describe("shownUrl", () => {
  it.each([
    ["a plain URL as it is", "https://api.example.com/context-store/openapi", "https://api.example.com/context-store/openapi"],
    ["basic credentials dropped", "https://reader:s3cret@api.example.com/openapi.json", "https://api.example.com/openapi.json"],
    ["every query value masked, keys kept", "https://api.example.com/openapi.json?api_key=s3cret&v=2&v=3", "https://api.example.com/openapi.json?api_key=••••&v=••••"],
    ["the fragment dropped", "https://api.example.com/openapi.json#token=s3cret", "https://api.example.com/openapi.json"],
  ])("shows %s", (_, url, shown) => {
    expect(shownUrl(new URL(url))).toBe(shown);
  });
});
