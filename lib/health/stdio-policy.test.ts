import { describe, expect, it } from "vitest";

import { buildChildEnv, isCommandAllowed, parseStdioAllow, sanitizeEnv } from "./stdio-policy";

describe("isCommandAllowed", () => {
  const cases: Array<[string, string[], boolean]> = [
    ["node", ["node", "uvx"], true],
    ["uvx", ["node", "uvx"], true],
    ["npx", ["node", "uvx"], false],
    ["node", [], false],
    ["/usr/bin/node", ["node"], false],
    ["/tmp/evil/node", ["node"], false],
    ["./node", ["node", "./node"], false],
    ["../bin/node", ["../bin/node"], false],
    ["/usr/bin/node", ["/usr/bin/node"], true],
    ["/usr/bin/../bin/node", ["/usr/bin/node"], true],
    ["node", ["/usr/bin/node"], false],
    ["node -e 1", ["node"], false],
    ["node\0", ["node"], false],
    ["", [""], false],
    ["NODE", ["node"], false],
  ];
  it.each(cases)("%j with %j → %s", (command, allowList, expected) => {
    expect(isCommandAllowed(command, allowList)).toBe(expected);
  });

  it("parses PATCHBAY_STDIO_ALLOW", () => {
    expect(parseStdioAllow(" node, /usr/local/bin/uvx ,,")).toEqual(["node", "/usr/local/bin/uvx"]);
    expect(parseStdioAllow(undefined)).toEqual([]);
    expect(parseStdioAllow("")).toEqual([]);
  });
});

describe("sanitizeEnv", () => {
  it("drops dangerous keys case-insensitively and keeps the rest", () => {
    const env = {
      LD_PRELOAD: "/tmp/x.so", ld_library_path: "/tmp", LD_AUDIT: "x", DYLD_INSERT_LIBRARIES: "x", NODE_OPTIONS: "--require x",
      Path: "/evil", PYTHONPATH: "/evil", PYTHONSTARTUP: "x", PYTHONWARNINGS: "x", PERL5OPT: "-Mx", RUBYOPT: "-rx",
      BASH_ENV: "/x", ENV: "/x", "BASH_FUNC_ls%%": "() { :; }", GLIBC_TUNABLES: "x", GIT_SSH_COMMAND: "x",
      npm_config_script_shell: "/x", JAVA_TOOL_OPTIONS: "x", HOME: "/evil-home",
      API_URL: "http://127.0.0.1", PYTHONUNBUFFERED: "1", LANG: "C.UTF-8", FUNC: "() { evil; }", "BAD=KEY": "x", NUL: "a\0b",
    };
    expect(sanitizeEnv(env)).toEqual({ API_URL: "http://127.0.0.1", PYTHONUNBUFFERED: "1", LANG: "C.UTF-8" });
  });

  it("builds the child env from the parent's HOME, LANG and PATH plus the sanitized definition env", () => {
    const parent = { HOME: "/home/p", LANG: "en_US.UTF-8", PATH: "/usr/bin", SECRET_TOKEN: "s", NODE_OPTIONS: "--x" } as unknown as NodeJS.ProcessEnv;
    expect(buildChildEnv({ PATH: "/evil", HOME: "/evil", LANG: "C", TOKEN: "t" }, parent))
      .toEqual({ HOME: "/home/p", LANG: "C", PATH: "/usr/bin", TOKEN: "t" });
    expect(buildChildEnv(undefined, parent)).toEqual({ HOME: "/home/p", LANG: "en_US.UTF-8", PATH: "/usr/bin" });
  });
});
