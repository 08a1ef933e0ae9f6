/**
 * Keys that let a definition change what the child loads or runs, where it connects or which certificates it
 * trusts, compared case-insensitively. Not only the definition's env: the child never inherits Patchbay's own
 * environment beyond `INHERITED_KEYS` (so no `PATCHBAY_*`, `DATABASE_URL` or proxy setting leaks into it).
 * A definition's own `DATABASE_URL` is the server's business (database MCP servers read it): it passes;
 * the registry's never reaches it, as a value or through `${DATABASE_URL}` (DESIGN §2).
 */
const DANGEROUS_KEYS = new Set([
  "PATH", "HOME", "ENV", "BASH_ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS", "CDPATH", "GLOBIGNORE",
  "NODE_OPTIONS", "NODE_PATH", "NODE_EXTRA_CA_CERTS", "NODE_TLS_REJECT_UNAUTHORIZED", "NODE_REPL_EXTERNAL_MODULE",
  "PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB", "RUBYOPT", "RUBYLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS", "CLASSPATH", "GCONV_PATH", "GLIBC_TUNABLES", "LOCPATH", "NLSPATH", "HOSTALIASES",
  "RESOLV_HOST_CONF", "LUA_INIT", "LUA_PATH", "LUA_CPATH", "PHPRC", "PHP_INI_SCAN_DIR", "TCLLIBPATH",
  "OPENSSL_CONF", "OPENSSL_ENGINES", "SSLKEYLOGFILE", "SSH_ASKPASS", "ELECTRON_RUN_AS_NODE", "BROWSER", "EDITOR",
  "VISUAL", "PAGER", "XDG_CONFIG_HOME",
  // Where the child connects and whom it trusts.
  "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "FTP_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR",
  "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE", "GRPC_DEFAULT_SSL_ROOTS_FILE_PATH",
]);
/**
 * Whole families: loaders and interpreters (`LD_`, `DYLD_`, `PYTHON`), package managers that a command such as
 * `uvx` or `npx` consults before running anything (`UV_`, `PIP_`, `NPM_CONFIG_`, `YARN_`, `COREPACK_`), and
 * `GIT_` (`GIT_SSH_COMMAND`, `GIT_CONFIG_*` run programs; a server that needs git identity can take arguments).
 */
const DANGEROUS_PREFIXES = [
  "LD_", "DYLD_", "PYTHON", "LUA_INIT_", "MALLOC_", "GIT_", "NPM_CONFIG_", "YARN_", "COREPACK_", "UV_", "PIP_",
  "DOCKER_", "BASH_FUNC_", "PATCHBAY_",
];
/** PYTHON* variables that only change output buffering and encoding. */
const HARMLESS_KEYS = new Set(["PYTHONUNBUFFERED", "PYTHONIOENCODING", "PYTHONDONTWRITEBYTECODE", "PYTHONUTF8"]);
/** All the child takes from Patchbay's own environment (the SDK's transport added LOGNAME, SHELL, TERM, USER). */
const INHERITED_KEYS = ["HOME", "LANG", "PATH"];

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
 * The child's whole environment: HOME, LANG and PATH from Patchbay's own process (never from the definition),
 * then the sanitized definition env. Nothing else of Patchbay's environment reaches the child.
 */
export function buildChildEnv(env: Readonly<Record<string, string>> | undefined, parent = process.env): Record<string, string> {
  const base: Record<string, string> = {};
  for (const key of INHERITED_KEYS) {
    const value = parent[key];
    if (value !== undefined && !value.startsWith("()")) base[key] = value;
  }
  // HOME and PATH are dangerous keys, so sanitizeEnv never lets the definition replace them; LANG it may.
  return { ...base, ...sanitizeEnv(env) };
}
