import { describe, expect, it } from "vitest";

import { buildChildEnv, sanitizeEnv } from "./stdio-policy";

describe("sanitizeEnv", () => {
  it("drops dangerous keys case-insensitively and keeps the rest", () => {
    const env = {
      LD_PRELOAD: "/tmp/x.so", ld_library_path: "/tmp", LD_AUDIT: "x", DYLD_INSERT_LIBRARIES: "x", NODE_OPTIONS: "--require x",
      Path: "/evil", PYTHONPATH: "/evil", PYTHONSTARTUP: "x", PYTHONHOME: "x", PYTHONWARNINGS: "x", PERL5OPT: "-Mx", PERL5LIB: "x",
      RUBYOPT: "-rx", BASH_ENV: "/x", ENV: "/x", "BASH_FUNC_ls%%": "() { :; }", GLIBC_TUNABLES: "x", GIT_SSH_COMMAND: "x",
      npm_config_script_shell: "/x", NPM_CONFIG_REGISTRY: "http://evil", UV_INDEX_URL: "http://evil", uv_python: "x",
      PIP_INDEX_URL: "http://evil", pip_config_file: "x", DOCKER_HOST: "tcp://evil", NODE_PATH: "/x",
      http_proxy: "http://evil", HTTPS_PROXY: "http://evil", All_Proxy: "x", no_proxy: "*", SSL_CERT_FILE: "/x",
      SSL_CERT_DIR: "/x", NODE_EXTRA_CA_CERTS: "/x", REQUESTS_CA_BUNDLE: "/x", CURL_CA_BUNDLE: "/x",
      PATCHBAY_SECRET_KEY: "k", patchbay_admin_token: "t", DATABASE_URL: "file:x", JAVA_TOOL_OPTIONS: "x", HOME: "/evil-home",
      API_URL: "http://127.0.0.1", PYTHONUNBUFFERED: "1", LANG: "C.UTF-8", FUNC: "() { evil; }", "BAD=KEY": "x", NUL: "a\0b",
    };
    // A definition's own DATABASE_URL is for the server (database MCP servers read it); the registry's never is.
    expect(sanitizeEnv(env)).toEqual({ DATABASE_URL: "file:x", API_URL: "http://127.0.0.1", PYTHONUNBUFFERED: "1", LANG: "C.UTF-8" });
  });

  it("builds the child env from the parent's HOME, LANG and PATH plus the sanitized definition env — nothing else of the parent", () => {
    const parent = {
      HOME: "/home/p", LANG: "en_US.UTF-8", PATH: "/usr/bin", SECRET_TOKEN: "s", NODE_OPTIONS: "--x",
      PATCHBAY_ADMIN_TOKEN: "admin", DATABASE_URL: "postgresql://db", HTTPS_PROXY: "http://proxy", USER: "me",
    } as unknown as NodeJS.ProcessEnv;
    expect(buildChildEnv({ PATH: "/evil", HOME: "/evil", LANG: "C", TOKEN: "t" }, parent))
      .toEqual({ HOME: "/home/p", LANG: "C", PATH: "/usr/bin", TOKEN: "t" });
    expect(buildChildEnv(undefined, parent)).toEqual({ HOME: "/home/p", LANG: "en_US.UTF-8", PATH: "/usr/bin" });
  });
});
