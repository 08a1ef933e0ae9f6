"use client";

import { useState } from "react";

import { isHttpsUrl, type Icon } from "@/lib/schemas/server-icons";

/**
 * A server's icon at a fixed size: the light-theme one (or one for any theme) in light mode, the dark one in dark
 * mode, else the first letter of the name. Decoration beside the name, so `alt=""`. Only https: and data:image
 * sources are ever loaded (the API refuses others; this is the browser's second guard), with no referrer.
 */
export function ServerIcon({ name, icons, size = "sm" }: { name: string; icons?: Icon[]; size?: "sm" | "lg" }) {
  const [failed, setFailed] = useState<string[]>([]);
  const usable = (icons ?? []).filter((icon) => isLoadable(icon.src) && !failed.includes(icon.src));
  const light = usable.find((icon) => icon.theme !== "dark");
  const dark = usable.find((icon) => icon.theme === "dark") ?? light;
  const box = size === "lg" ? "size-10 text-lg" : "size-6 text-xs";
  const pixels = size === "lg" ? 40 : 24;

  if (!light && !dark) {
    return (
      // The letter is generated content, not text: the name's heading and link read exactly the name.
      <span aria-hidden="true" data-testid="server-initial" data-initial={name.slice(0, 1)}
        className={`${box} inline-flex shrink-0 items-center justify-center rounded bg-slate-200 font-semibold text-slate-700 uppercase before:content-[attr(data-initial)] dark:bg-slate-700 dark:text-slate-100`} />
    );
  }
  const image = (icon: Icon, className: string) => (
    // A foreign or inline picture, never fetched through our server: a plain <img>, not next/image.
    <img key={`${icon.src}-${className}`} src={icon.src} alt="" width={pixels} height={pixels} referrerPolicy="no-referrer"
      loading="lazy" decoding="async" onError={() => setFailed((list) => [...list, icon.src])}
      className={`${box} shrink-0 rounded object-contain ${className}`} />
  );
  if (!light || !dark || light === dark) return image((light ?? dark)!, "");
  return <>{image(light, "dark:hidden")}{image(dark, "hidden dark:inline")}</>;
}

function isLoadable(src: string): boolean {
  return /^data:image\/(png|svg\+xml|jpeg|webp);base64,/.test(src) || isHttpsUrl(src);
}
