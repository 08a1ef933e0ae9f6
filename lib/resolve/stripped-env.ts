import type { FieldError } from "../errors";
import { pointerSegment } from "../schemas/json-pointer";
import type { ServerInput } from "../schemas/server";

/**
 * Keys that let a definition change what the child loads or runs, where it connects or which certificates it
 * trusts, compared case-insensitively: a stdio server is started without them (lib/mcp/stdio-policy.ts), and a
 * server written with one is warned about (DESIGN §19, seed 004).
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

export function isDangerousEnvKey(key: string): boolean {
  const upper = key.toUpperCase();
  if (HARMLESS_KEYS.has(upper)) return false;
  return DANGEROUS_KEYS.has(upper) || DANGEROUS_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/**
 * One warning per `env` key of the definition (its transport's, and each environment's) that the server will be
 * started without, naming the key: the write succeeds, the variable never reaches the process.
 */
export function strippedEnvWarnings(server: Pick<ServerInput, "transport" | "environments">): FieldError[] {
  const places: [string, Record<string, string> | undefined][] = [
    ["/transport/env", server.transport.type === "stdio" ? server.transport.env : undefined],
    ...Object.entries(server.environments ?? {}).map(([name, override]): [string, Record<string, string> | undefined] => [`/environments/${pointerSegment(name)}/env`, override.env]),
  ];
  return places.flatMap(([path, env]) => Object.keys(env ?? {}).filter(isDangerousEnvKey).map((key) => ({
    path: `${path}/${pointerSegment(key)}`,
    message: `'${key}' is removed when the server is started: proxy, loader and interpreter variables never reach a stdio server`,
  })));
}
