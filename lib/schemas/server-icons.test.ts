import { describe, expect, it } from "vitest";

import { iconSourceSchema, keepValidIcons, MAX_DATA_ICON_CHARS } from "./server-icons";

describe("an icon's src", () => {
  it.each([
    ["https://icons.example.com/a.png", true],
    ["data:image/png;base64,iVBORw0KGgo=", true],
    ["data:image/svg+xml;base64,PHN2Zy8+", true],
    ["data:image/webp;base64,UklGRg==", true],
    ["data:image/jpeg;base64,/9j/4AAQ", true],
    ["http://icons.example.com/a.png", false],
    ["HTTP://icons.example.com/a.png", false],
    ["//icons.example.com/a.png", false],
    ["/favicon.ico", false],
    ["javascript:alert(1)", false],
    ["data:text/html;base64,PHNjcmlwdD4=", false],
    ["data:image/gif;base64,R0lGOD==", false],
    ["data:image/svg+xml,<svg onload=alert(1)>", false],
    ["data:image/png;base64,abc\"onerror=alert(1)", false],
    [`data:image/png;base64,${"A".repeat(MAX_DATA_ICON_CHARS)}`, false],
    [`https://icons.example.com/${"a".repeat(2_000)}`, false],
  ])("%s → %s", (src, isAccepted) => {
    expect(iconSourceSchema.safeParse(src).success).toBe(isAccepted);
  });
});

describe("keepValidIcons (imports)", () => {
  it.each([
    [undefined, undefined],
    ["not a list", undefined],
    [[{ src: "http://a.example/x.png" }], undefined],
    [[{ src: "http://a.example/x.png" }, { src: "https://a.example/x.png", theme: "dark" }], [{ src: "https://a.example/x.png", theme: "dark" }]],
    [[{ src: "https://a.example/x.png", sizes: ["huge"] }], undefined],
  ])("%j → %j", (icons, kept) => {
    expect(keepValidIcons(icons)).toEqual(kept);
  });
});
