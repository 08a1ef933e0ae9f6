import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createClient, type Db } from "../../lib/db";
import { applyMigrations } from "../../lib/db/migrate";
import { toSearchText } from "../../lib/data/search-text";
import type { ToolListQuery } from "../../lib/schemas/tools";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * Catalog search (GET /api/tools?search=) gives exactly the rows whose name, title or description holds the
 * needle, case-insensitively — whether the trigram index serves it (SQLite FTS5, PostgreSQL pg_trgm) or the
 * name-ordered scan does (needles under three characters; on SQLite, needles matching over 5,000 rows).
 * Expected answers are computed here, in JavaScript, from the rows written.
 */
type Tool = { server: string; environment: string; name: string; title: string; description: string; hints: string };

const COMMON = 5_100; // more matches of "common" than the index path takes on SQLite
const SPECIAL: Omit<Tool, "server" | "environment" | "hints">[] = [
  { name: "percent", title: "100% sure", description: "Matches a literal percent sign" },
  { name: "under_score", title: "", description: "snake_case everywhere" },
  { name: "back", title: "C:\\Temp", description: "a backslash path" },
  { name: "quoted", title: "say \"hi\"", description: "a double-quoted word" },
  { name: "umlaut", title: "ÜBER Straße", description: "non-ASCII text, Ünïcödé" },
  { name: "spans", title: "ends here", description: "begins there" },
  { name: "numbered", title: "", description: "ticket (#12) and (#123)" },
];

let url: string;
let db: Db;
let listCatalogTools: typeof import("../../lib/tools/tool-views").listCatalogTools;
const tools: Tool[] = [];

beforeAll(async () => {
  url = await freshDatabaseUrl("tool-search");
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  db = createClient(url);
  ({ listCatalogTools } = await import("../../lib/tools/tool-views"));

  const now = new Date();
  const servers = [];
  for (const name of ["alpha", "beta"]) {
    servers.push(await db.server.create({ data: { name, description: "", transportType: "http", searchText: name, definition: "{}", revision: 1, createdAt: now, modifiedAt: now } }));
  }
  for (const server of servers) {
    for (const environment of ["development", "staging"]) {
      for (const tool of SPECIAL) tools.push({ server: server.name, environment, ...tool, hints: server.name === "alpha" ? ",readOnlyHint," : "" });
    }
  }
  for (let index = 0; index < COMMON; index++) {
    tools.push({ server: servers[index % 2].name, environment: "development", name: `common_${String(index).padStart(5, "0")}`, title: "Common tool", description: `Number ${index}`, hints: index % 3 === 0 ? ",destructiveHint," : "" });
  }
  const idOf = new Map(servers.map((server) => [server.name, server.id]));
  const rows = tools.map((tool) => ({
    serverId: idOf.get(tool.server)!, environment: tool.environment, name: tool.name, fingerprint: "0".repeat(64),
    definition: JSON.stringify({ name: tool.name, title: tool.title, description: tool.description, input_schema: { type: "object" } }),
    searchText: toSearchText([tool.name, tool.title, tool.description]), hints: tool.hints, firstSeenAt: now, lastSeenAt: now,
  }));
  for (let start = 0; start < rows.length; start += 1_000) await db.catalogTool.createMany({ data: rows.slice(start, start + 1_000) });
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  removeDatabase(url);
});

/** Every page of a query, as `server/environment/name`. */
async function everyPage(query: Omit<ToolListQuery, "limit" | "cursor">, limit: number): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listCatalogTools({ ...query, limit, cursor });
    found.push(...page.tools.map((tool) => `${tool.server}/${tool.environment}/${tool.name}`));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return found;
}

/** What a plain substring test over the lowercased text says, in list order (name, then server id, then environment). */
function expected(search: string, filter: (tool: Tool) => boolean = () => true): string[] {
  const needle = search.toLowerCase();
  const serverOrder = ["alpha", "beta"];
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return tools
    .filter((tool) => [tool.name, tool.title, tool.description].join("\n").toLowerCase().includes(needle) && filter(tool))
    .sort((a, b) => compare(a.name, b.name) || compare(serverOrder.indexOf(a.server), serverOrder.indexOf(b.server)) || compare(a.environment, b.environment))
    .map((tool) => `${tool.server}/${tool.environment}/${tool.name}`);
}

describe("catalog search is exact on either path", () => {
  test.each([
    ["percent", "100%"], ["a lone %", "%"], ["underscore", "e_c"], ["a lone _", "_"], ["backslash", "c:\\t"], ["a double quote", "\"hi\""],
    ["non-ASCII, any case", "üBER straSSE".replace("SS", "ß")], ["non-ASCII in the description", "ÜNÏCÖDÉ"], ["across name and title", "spans\nends"],
    ["a parenthesised number", "(#12)"], ["two characters", "#1"], ["one character", "ü"], ["nothing matches", "zzz"],
    ["a rare common-tool number", "number 4321"], ["shared by the special tools and nothing else", "a d"],
  ])("%s: %j", async (_, search) => {
    const found = await everyPage({ search }, 1_000);
    expect(found).toEqual(expected(search));
  });

  test("more matches than the index path takes: the same exact answer, paged by cursor", async () => {
    const found = await everyPage({ search: "COMMON" }, 997);
    expect(found).toHaveLength(COMMON);
    expect(found).toEqual(expected("common"));
  });

  test("search with filters and small pages: environment, annotation and server on the index path", async () => {
    expect(await everyPage({ search: "a", environment: "staging" }, 3)).toEqual(expected("a", (tool) => tool.environment === "staging"));
    expect(await everyPage({ search: "ted", annotation: "readOnlyHint" }, 2)).toEqual(expected("ted", (tool) => tool.hints.includes(",readOnlyHint,")));
    expect(await everyPage({ search: "number 12", server: "beta" }, 5)).toEqual(expected("number 12", (tool) => tool.server === "beta"));
    expect(await everyPage({ search: "common", annotation: "destructiveHint", server: "alpha" }, 400)).toEqual(expected("common", (tool) => tool.server === "alpha" && tool.hints.includes(",destructiveHint,")));
  });

  test("the index follows writes: a renamed description and a deleted row are searched as they are now", async () => {
    const row = await db.catalogTool.findFirstOrThrow({ where: { name: "numbered", environment: "staging" } });
    await db.catalogTool.update({ where: { id: row.id }, data: { searchText: toSearchText(["numbered", "", "renamed (#77)"]) } });
    const gone = await db.catalogTool.findFirstOrThrow({ where: { name: "quoted", environment: "staging" } });
    await db.catalogTool.delete({ where: { id: gone.id } });

    expect((await everyPage({ search: "renamed (#77)" }, 50))).toHaveLength(1);
    expect((await everyPage({ search: "ticket (#12)" }, 50))).toHaveLength(3);
    expect((await everyPage({ search: "double-quoted" }, 50))).toHaveLength(3);
  });
});
