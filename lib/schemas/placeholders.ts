/** `${VAR}`: a value from the registry's (or the runner's) environment. DESIGN §2 step 3. */
export const ENV_VAR_PATTERN = /\$\{([A-Z_][A-Z0-9_]*)\}/g;
/** `{{name}}`: a parameter of the server, filled in at validate and blueprint time. DESIGN §2 step 4. */
export const PARAMETER_PATTERN = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/**
 * True when `url` is an absolute http(s) URL once its placeholders are stood in for:
 * `${BASE}/mcp` and `https://{{host}}/mcp` pass, `not a url` does not.
 */
export function isUrlTemplate(url: string): boolean {
  const stoodIn = url
    .replace(/^(\$\{[A-Z_][A-Z0-9_]*\}|\{\{[^}]*\}\})/, "http://placeholder")
    .replace(ENV_VAR_PATTERN, "placeholder")
    .replace(PARAMETER_PATTERN, "placeholder");
  try {
    const parsed = new URL(stoodIn);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}
