import { isAbsolute, normalize } from "node:path";

/** `PATCHBAY_STDIO_ALLOW`: comma-separated command names (`node`, `uvx`) or absolute paths; empty allows none. */
export function parseStdioAllow(value: string | undefined): string[] {
  return (value ?? "").split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
}

/**
 * A bare name in the list allows exactly that bare command (looked up on Patchbay's own PATH); an absolute path
 * allows exactly that file. `./node`, `/tmp/x/node` for `node`, or anything with whitespace is never allowed.
 */
export function isCommandAllowed(command: string, allowList: readonly string[]): boolean {
  if (command === "" || /[\s\0]/.test(command)) return false;
  const isPath = command.includes("/") || command.includes("\\");
  if (isPath && !isAbsolute(command)) return false;

  const wanted = isPath ? normalize(command) : command;
  return allowList.some((entry) => {
    const entryIsPath = entry.includes("/") || entry.includes("\\");
    if (entryIsPath !== isPath) return false;
    return isPath ? isAbsolute(entry) && normalize(entry) === wanted : entry === wanted;
  });
}

/** Keys that let a definition change what the child loads or runs, compared case-insensitively. */
const DANGEROUS_KEYS = new Set([
  "PATH", "HOME", "ENV", "BASH_ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS", "CDPATH", "GLOBIGNORE",
  "NODE_OPTIONS", "NODE_PATH", "NODE_EXTRA_CA_CERTS", "NODE_TLS_REJECT_UNAUTHORIZED", "NODE_REPL_EXTERNAL_MODULE",
  "PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB", "RUBYOPT", "RUBYLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS", "CLASSPATH", "GCONV_PATH", "GLIBC_TUNABLES", "LOCPATH", "NLSPATH", "HOSTALIASES",
  "RESOLV_HOST_CONF", "LUA_INIT", "LUA_PATH", "LUA_CPATH", "PHPRC", "PHP_INI_SCAN_DIR", "TCLLIBPATH",
  "OPENSSL_CONF", "OPENSSL_ENGINES", "SSLKEYLOGFILE", "SSH_ASKPASS", "ELECTRON_RUN_AS_NODE", "BROWSER", "EDITOR",
  "VISUAL", "PAGER",
]);
const DANGEROUS_PREFIXES = ["LD_", "DYLD_", "PYTHON", "LUA_INIT_", "MALLOC_", "GIT_", "NPM_CONFIG_", "BASH_FUNC_"];
/** PYTHON* variables that only change output buffering and encoding. */
const HARMLESS_KEYS = new Set(["PYTHONUNBUFFERED", "PYTHONIOENCODING", "PYTHONDONTWRITEBYTECODE", "PYTHONUTF8"]);

export function isDangerousEnvKey(key: string): boolean {
  const upper = key.toUpperCase();
  if (HARMLESS_KEYS.has(upper)) return false;
  return DANGEROUS_KEYS.has(upper) || DANGEROUS_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/** The definition's env without dangerous keys, malformed names, NUL bytes or exported shell functions. */
export function sanitizeEnv(env: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [key, value] of Object.entries(env ?? {})) {
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) || isDangerousEnvKey(key)) continue;
    if (typeof value !== "string" || value.includes("\0") || value.startsWith("()")) continue;
    safe[key] = value;
  }
  return safe;
}

/**
 * The child's environment: HOME, LANG and PATH from Patchbay's own process (never from the definition), then the
 * sanitized definition env. Note: the SDK's StdioClientTransport also adds LOGNAME, SHELL, TERM and USER from
 * this process (its `getDefaultEnvironment`), beneath these.
 */
export function buildChildEnv(env: Readonly<Record<string, string>> | undefined, parent = process.env): Record<string, string> {
  const base: Record<string, string> = {};
  for (const key of ["HOME", "LANG", "PATH"]) {
    const value = parent[key];
    if (value !== undefined && !value.startsWith("()")) base[key] = value;
  }
  // HOME and PATH are dangerous keys, so sanitizeEnv never lets the definition replace them; LANG it may.
  return { ...base, ...sanitizeEnv(env) };
}
