/** A glob over tool addresses (`docs.*`, `fetch.get_?`): `*` any run of characters, `?` one; nothing else is special. */
export function toolGlob(glob: string): RegExp {
  const body = [...glob].map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
  return new RegExp(`^${body}$`, "u");
}
