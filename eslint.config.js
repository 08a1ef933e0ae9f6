import boundaries from "eslint-plugin-boundaries";
import tseslint from "typescript-eslint";

/**
 * Lint is for the house's shape (STYLE.md "The shape of the house") and a few rules that catch real bugs.
 * It runs without type information on purpose: fast enough to go first in `npm test`; tsc does the types.
 */


/**
 * Features as folders (DESIGN §15): what each folder of lib may import besides itself and lib's top-level files
 * (env, errors, db, boot). A new edge between folders is a decision: add it here, in the same commit.
 */
const MAY_IMPORT = {
  api: ["schemas"],
  "api-reference": ["formats", "health", "mcp", "registry", "resolve", "schemas"],
  audit: ["db", "resolve", "schemas", "tools"],
  auth: ["api", "audit", "data", "gateway-oauth", "http", "people", "read-model", "schemas"],
  cli: ["audit", "auth", "data", "db", "formats", "http", "import", "oauth", "people", "registry", "schemas", "secrets", "tools", "variables"],
  data: ["db", "health", "resolve", "schemas", "sync"],
  db: ["read-model", "schemas", "tools"],
  diff: [],
  endpoints: ["api", "api-reference", "audit", "auth", "data", "gateway", "gateway-oauth", "health", "http", "import", "metrics", "oauth", "official", "people", "read-model", "registry", "resolve", "sync", "tools", "upstream", "variables"],
  formats: ["resolve", "schemas"],
  forms: ["schemas"],
  "gateway-oauth": ["audit", "auth", "gateway", "http", "oauth", "schemas", "secrets"],
  gateway: ["audit", "auth", "health", "http", "mcp", "metrics", "oauth", "read-model", "registry", "resolve", "schemas", "secrets", "telemetry", "tools", "variables"],
  health: ["audit", "data", "gateway", "mcp", "metrics", "oauth", "registry", "resolve", "schemas", "telemetry", "tools", "variables"],
  hooks: [],
  http: ["api", "auth", "data", "health", "metrics", "read-model", "schemas"],
  import: ["auth", "data", "formats", "registry", "resolve", "schemas", "sync", "tools"],
  mcp: ["resolve", "schemas", "telemetry"],
  metrics: ["api"],
  official: ["auth", "data", "formats", "gateway", "registry", "resolve", "schemas", "tools"],
  oauth: ["auth", "data", "health", "mcp", "registry", "resolve", "schemas", "secrets", "variables"],
  "page-data": ["auth", "forms", "http", "query", "registry", "schemas"],
  people: ["audit", "auth", "http", "oauth", "schemas", "secrets"],
  query: ["auth", "forms", "health", "mcp", "registry", "schemas"],
  "read-model": ["db"],
  registry: ["auth", "data", "formats", "health", "read-model", "resolve", "schemas", "secrets", "tools", "variables"],
  resolve: ["schemas"],
  schemas: [],
  secrets: ["db"],
  sync: ["cli", "data", "import", "registry", "schemas"],
  telemetry: [],
  time: [],
  tools: ["data", "mcp", "resolve", "schemas"],
  upstream: ["formats", "health", "import", "mcp", "registry", "schemas"],
  variables: ["data", "resolve", "schemas", "secrets"],
};
const FOLDERS = Object.keys(MAY_IMPORT);
const LIB = [...FOLDERS, "generated", "lib"];
const PURE = ["schemas", "resolve", "formats"];
/** The folders whose data modules query through Prisma's generated client (besides lib/db and the CLIs). */
const PRISMA_FOLDERS = ["data", "registry", "tools", "audit", "official", "oauth"];

/** Folders by layer, and each folder of lib by name; `lib` is what is left: lib's top-level files (errors, db, env, boot). */
const elements = [
  { type: "app", pattern: "app", partialMatch: false },
  { type: "components", pattern: "components", partialMatch: false },
  ...[...FOLDERS, "generated"].map((folder) => ({ type: folder, pattern: `lib/${folder}`, partialMatch: false })),
  { type: "lib", pattern: "lib/*", partialMatch: false },
  { type: "prisma", pattern: "prisma", partialMatch: false },
  { type: "e2e", pattern: "e2e", partialMatch: false },
];
/** I/O a pure module must not touch: the network, files, processes (fetch-using modules are lib/mcp, lib/http and the data modules). */
const IO_MODULES = ["fs", "fs/promises", "net", "http", "https", "http2", "dns", "tls", "dgram", "child_process", "worker_threads"];

/** Bare-specifier bans (packages, Node built-ins, lib's top-level I/O files): ESLint's own rule, per folder. */
const importBans = (...bans) => ({
  "no-restricted-imports": ["error", { patterns: bans.map(([regex, message]) => ({ regex, message })) }],
});
const PRISMA = ["^(@prisma/|prisma$)|/generated/", "Prisma stays behind the data modules (lib/data, lib/registry, lib/tools, lib/audit, lib/official), lib/db, the migration runner and the CLIs."];
const IO = [`^(node:)?(${IO_MODULES.join("|")})$`, "lib/resolve, lib/formats and lib/schemas do no I/O."];
const LIB_IO = ["^(@/lib|\\.\\.)/(db|env|boot)$", "lib/resolve, lib/formats and lib/schemas do no I/O (no database, no configuration)."];

const notIn = (types) => ({ element: { types: { noneOf: types } } });
const anyOf = (types) => ({ element: { types: { anyOf: types } } });

/** Imports run one way: app → components → lib; and inside lib, pure layers import no I/O. */
const LAYER_POLICIES = [
  { from: anyOf(LIB), disallow: { to: anyOf(["app", "components", "prisma", "e2e"]) } },
  { from: anyOf(["components"]), disallow: { to: anyOf(["app", ...PRISMA_FOLDERS, "variables", "import", "db", "generated", "cli"]) } },
  // lib/schemas is a leaf: zod, Ajv and its helpers, and other schema files.
  { from: anyOf(["schemas"]), disallow: { to: notIn(["schemas"]) } },
  // lib/resolve and lib/formats are pure: tables in milliseconds, no database, no network, no files.
  { from: anyOf(["resolve", "formats"]), disallow: { to: notIn(PURE) } },
  // Prisma stays behind the data modules (and lib/db, the migration runner and the CLIs).
  { from: notIn([...PRISMA_FOLDERS, "db", "generated", "cli"]), disallow: { to: anyOf(["generated"]) } },
];
/** Each folder of lib imports only the folders MAY_IMPORT names (tests may reach further). */
const FOLDER_POLICIES = FOLDERS.map((folder) => ({ from: anyOf([folder]), disallow: { to: notIn([folder, ...MAY_IMPORT[folder], "lib", "generated"]) } }));

export default tseslint.config(
  { ignores: ["node_modules/**", ".next/**", "lib/generated/**", "bench/**", "next-env.d.ts", "test-results/**", "playwright-report/**"] },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser },
    plugins: { "@typescript-eslint": tseslint.plugin, boundaries },
    settings: {
      "boundaries/elements": elements,
      "import/resolver": { typescript: { alwaysTryTypes: true, project: "./tsconfig.json" }, node: true },
    },
    rules: {
      // Imports run one way: app → components → lib; inside lib, pure layers import no I/O, and each folder only what it names.
      "boundaries/dependencies": ["error", { default: "allow", policies: [...LAYER_POLICIES, ...FOLDER_POLICIES] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "no-constant-binary-expression": "error",
      "no-self-compare": "error",
      "no-unsafe-finally": "error",
      "no-dupe-keys": "error",
      "no-duplicate-case": "error",
      "no-unreachable": "error",
      "no-cond-assign": ["error", "except-parens"],
      "no-async-promise-executor": "error",
      "no-restricted-syntax": ["error", { selector: "TSEnumDeclaration", message: "Use a union of string literals (`as const` array) instead of an enum." }],
    },
  },
  { files: ["**/*.test.{ts,tsx}"], rules: { "boundaries/dependencies": ["error", { default: "allow", policies: LAYER_POLICIES }] } },
  // Process state has one owner (STYLE.md): lib/runtime keeps it in one globalThis record of named slots
  // (process-record.mjs); anywhere else a globalThis slot is a second copy waiting to split between Next's bundles.
  {
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: ["lib/runtime/process-record.mjs"],
    rules: {
      "no-restricted-globals": ["error", ...["globalThis", "global"].map((name) => ({
        name, message: "Process state lives in lib/runtime/runtime.ts: ask it for a slot (processSlot) instead.",
      }))],
    },
  },
  { files: ["**/*.{ts,tsx}"], ignores: [...PRISMA_FOLDERS.map((folder) => `lib/${folder}/**`), "lib/db/**", "lib/db.ts", "lib/cli/**", "prisma.config.ts"], rules: importBans(PRISMA) },
  { files: ["lib/{resolve,formats}/**/*.ts"], ignores: ["**/*.test.ts", "lib/formats/fixtures/**"], rules: importBans(PRISMA, IO, LIB_IO) },
  {
    files: ["lib/schemas/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: importBans(PRISMA, IO, LIB_IO, ["^(?!zod$|ajv|re2-wasm$|jsonpath-rfc9535/parser$|\\./)", "lib/schemas is a leaf: zod, Ajv and its helpers, the RFC 9535 parser, and other schema files."]),
  },
);
