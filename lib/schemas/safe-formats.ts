import type Ajv from "ajv";
import addFormats from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";

import { LinearRegExp } from "./linear-regexp";

/**
 * ajv-formats' full formats, minus the backtracking risk: each format that is a plain RegExp runs on RE2 where
 * RE2 can compile it. Measured on 80,000-character inputs, only `url` backtracked badly (4 s, quadratic) and RE2
 * cannot take it (lookaheads), so `url` is the WHATWG URL parser with an http, https or ftp scheme. `duration`
 * and `hostname` keep their lookaheads (linear: bounded, anchored); the function formats (`date`, `time`, `uri`,
 * `regex` …) stayed under 10 ms there. Their RE2 objects live as long as the process (a fixed, small set).
 */
const linearFormats: Record<string, (text: string) => boolean> = { url: isUrl };
for (const [name, format] of Object.entries(fullFormats)) {
  if (!(format instanceof RegExp) || name in linearFormats) continue;
  try {
    const regexp = new LinearRegExp(format.source, format.flags);
    linearFormats[name] = (text) => regexp.test(text);
  } catch {
    // RE2 lacks a feature the format uses (lookahead): it stays on the built-in engine, measured linear.
  }
}

export function addLinearFormats<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  for (const [name, validate] of Object.entries(linearFormats)) ajv.addFormat(name, validate);
  return ajv;
}

function isUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return ["http:", "https:", "ftp:"].includes(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}
