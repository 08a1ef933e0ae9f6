import { z } from "zod";

/** The raster and vector types a data: icon may carry; anything else (HTML, script) is refused. */
const DATA_ICON = /^data:image\/(png|svg\+xml|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
/** An inline icon is a small picture: a list page shows up to a thousand of them. */
export const MAX_DATA_ICON_CHARS = 16_384;
const MAX_URL_CHARS = 2_000;

/**
 * An icon's `src`: an https: URL, or a base64 data: image of one of the official types. Never http: (mixed
 * content, and a tracking request to anyone's host on every page view), never javascript: or another scheme.
 */
export const iconSourceSchema = z.string().superRefine((src, ctx) => {
  if (src.startsWith("data:")) {
    if (src.length > MAX_DATA_ICON_CHARS) ctx.addIssue({ code: "custom", message: `must be at most ${MAX_DATA_ICON_CHARS} characters as a data: image` });
    else if (!DATA_ICON.test(src)) ctx.addIssue({ code: "custom", message: "must be a base64 data:image/png, svg+xml, jpeg or webp" });
    return;
  }
  if (src.length > MAX_URL_CHARS) {
    ctx.addIssue({ code: "custom", message: `must be at most ${MAX_URL_CHARS} characters` });
    return;
  }
  if (!isHttpsUrl(src)) ctx.addIssue({ code: "custom", message: "must be an https: URL or a data:image/(png|svg+xml|jpeg|webp) URI" });
});

/** One icon, the official server.json shape (foreign JSON keeps its camelCase keys, DESIGN §1). */
export const iconSchema = z.strictObject({
  src: iconSourceSchema,
  mimeType: z.enum(["image/png", "image/jpeg", "image/jpg", "image/svg+xml", "image/webp"]).optional(),
  sizes: z.array(z.string().regex(/^(\d+x\d+|any)$/, "must be WxH or 'any'")).max(20).optional(),
  theme: z.enum(["light", "dark"]).optional(),
});
export type Icon = z.infer<typeof iconSchema>;

export const MAX_ICONS = 8;
export const iconListSchema = z.array(iconSchema).max(MAX_ICONS, `at most ${MAX_ICONS} icons`);

export function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname !== "";
}

/** The icons of a foreign document that Patchbay keeps: those its own schema accepts, the others left out. */
export function keepValidIcons(value: unknown): Icon[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const icons = value.flatMap((icon) => {
    const parsed = iconSchema.safeParse(icon);
    return parsed.success ? [parsed.data] : [];
  });
  return icons.length === 0 ? undefined : icons.slice(0, 8);
}
