import { describe, expect, it } from "vitest";

import { formFieldOf, pointerSegments } from "./server-form-errors";
import { toServerInput } from "./server-form-input";
import { serverFormResolver } from "./server-form-resolver";
import { toFormValues, type ServerFormValues } from "./server-form-values";

const options = { fields: {}, shouldUseNativeValidation: false } as never;
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const base = { name: "weather", description: "Forecasts", transport: { type: "http" as const, url: "https://weather.example.com/mcp" } };
const stored = {
  ...base,
  icons: [
    { src: "https://icons.example.com/light.png", mimeType: "image/png" as const, sizes: ["48x48", "96x96"], theme: "light" as const },
    { src: PNG, sizes: ["any"] },
  ],
};

describe("icons in the server form", () => {
  it("become rows of the form, not extra: source and theme edited, mimeType and sizes kept beside", () => {
    const values = toFormValues(stored);
    expect(values.extra).toEqual({});
    expect(values.icons).toEqual([
      { src: "https://icons.example.com/light.png", theme: "light", openedSrc: "https://icons.example.com/light.png", extra: { mimeType: "image/png", sizes: ["48x48", "96x96"] } },
      { src: PNG, theme: "", openedSrc: PNG, extra: { sizes: ["any"] } },
    ]);
  });

  it("come back exactly as stored when another field was edited (mimeType and sizes survive)", async () => {
    const values = toFormValues(stored);
    values.description = "Forecasts, hourly";
    const result = await serverFormResolver(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ ...stored, description: "Forecasts, hourly" });
  });

  it.each<{ proves: string; change: (values: ServerFormValues) => void; icons: unknown }>([
    { proves: "a changed source drops the mimeType and sizes that described the old one",
      change: (v) => { v.icons[0].src = " https://icons.example.com/new.svg "; },
      icons: [{ src: "https://icons.example.com/new.svg", theme: "light" }, { src: PNG, sizes: ["any"] }] },
    { proves: "a theme set to none leaves the key out, the rest kept",
      change: (v) => { v.icons[0].theme = ""; },
      icons: [{ src: "https://icons.example.com/light.png", mimeType: "image/png", sizes: ["48x48", "96x96"] }, { src: PNG, sizes: ["any"] }] },
    { proves: "blank rows are dropped, the order of the others kept",
      change: (v) => { v.icons.splice(1, 0, { src: "  ", theme: "dark", openedSrc: "", extra: {} }); v.icons.push({ src: "", theme: "", openedSrc: "", extra: {} }); },
      icons: stored.icons },
    { proves: "a new row is saved with its theme",
      change: (v) => { v.icons = [{ src: PNG, theme: "dark", openedSrc: "", extra: {} }]; },
      icons: [{ src: PNG, theme: "dark" }] },
  ])("$proves", ({ change, icons }) => {
    const values = toFormValues(stored);
    change(values);
    expect(toServerInput(values).input.icons).toEqual(icons);
  });

  it.each<[string, ServerFormValues["icons"]]>([
    ["no rows", []],
    ["only blank rows", [{ src: "", theme: "light", openedSrc: "", extra: {} }]],
  ])("a server with %s saves without an icons key", async (_label, icons) => {
    const values = toFormValues(base);
    expect(values.icons).toEqual([]);
    values.icons = icons;
    const result = await serverFormResolver(values, undefined, options);
    expect(result.values).toEqual(base);
    expect(result.values).not.toHaveProperty("icons");
  });

  it("an http: source is refused on its own row, with the schema's message", async () => {
    const values = toFormValues(stored);
    values.icons.unshift({ src: "", theme: "", openedSrc: "", extra: {} });
    values.icons[2].src = "http://icons.example.com/a.png";
    const result = await serverFormResolver(values, undefined, options);
    expect(result.values).toEqual({});
    expect(JSON.parse(JSON.stringify(result.errors, (key, value) => (key === "ref" ? undefined : value)))).toEqual({
      icons: { 2: { src: { type: "validate", message: "must be an https: URL or a data:image/(png|svg+xml|jpeg|webp) URI" } } },
    });
  });

  describe("an API error's path lands on the row that was saved at that position", () => {
    const values = toFormValues(stored);
    values.icons.unshift({ src: " ", theme: "", openedSrc: "", extra: {} });
    it.each([
      ["/icons/0/src", "icons.1.src"],
      ["/icons/1/sizes/0", "icons.2.src"],
      ["/icons/1", "icons.2.src"],
      ["/icons/5/src", "icons"],
      ["/icons", "icons"],
    ])("%s → %s", (pointer, field) => {
      expect(formFieldOf(pointerSegments(pointer), values)).toBe(field);
    });
  });
});
