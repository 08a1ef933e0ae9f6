/**
 * The one glob dialect over tool names and addresses (DESIGN §14), used by `tool_policy.tools`, capability `include`
 * and everything else that matches tool names: `*` any run of characters (`/` and line breaks included), `?` exactly
 * one; nothing else is special. So every name SEP-986 allows is governed by `"*"`.
 */
export function toolGlob(glob: string): RegExp {
  const body = [...glob].map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
  return new RegExp(`^${body}$`, "su");
}

/** Whether a glob says anything beyond its literal self (a `*` or a `?`). */
export function isToolGlob(glob: string): boolean {
  return glob.includes("*") || glob.includes("?");
}
