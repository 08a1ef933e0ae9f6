import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { freePort } from "./patchbay-process";

/** A PostgreSQL server for one test run; `stop` drops every database the run created, then the server. */
export type TestPostgres = { serverUrl: string; databasePrefix: string; stop: () => Promise<void> };

const PG_BIN = process.env.PATCHBAY_PG_BIN ?? "/usr/lib/postgresql/15/bin";

/**
 * PATCHBAY_TEST_DATABASE_URL (a server where its user may CREATE DATABASE) when set; otherwise a throwaway
 * cluster from PG_BIN. Missing binaries fail loudly: the PostgreSQL run is never silently skipped.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const databasePrefix = `patchbay_test_${randomUUID().slice(0, 8)}_`;
  const external = process.env.PATCHBAY_TEST_DATABASE_URL;
  const server = external ? { url: external, stop: async () => undefined } : await startCluster();
  return {
    serverUrl: server.url,
    databasePrefix,
    async stop() {
      await dropDatabases(server.url, databasePrefix).catch((error) => console.error(`dropping test databases: ${error.message}`));
      await server.stop();
    },
  };
}

/** A new, empty database on the test server (callable from any test process); its URL. */
export async function createTestDatabase(postgres: Pick<TestPostgres, "serverUrl" | "databasePrefix">): Promise<string> {
  const name = `${postgres.databasePrefix}${randomUUID().slice(0, 8)}`;
  await withClient(postgres.serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgres.serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabases(serverUrl: string, prefix: string) {
  await withClient(serverUrl, async (client) => {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { return await work(client); } finally { await client.end(); }
}

async function startCluster(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!fs.existsSync(path.join(PG_BIN, "initdb"))) {
    throw new Error(`PostgreSQL binaries not found in ${PG_BIN}: install postgresql-15, set PATCHBAY_PG_BIN, or point PATCHBAY_TEST_DATABASE_URL at a server.`);
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-pg-"));
  const dataDir = path.join(root, "data");
  const asPostgres = ownFolderAsPostgres(root);
  const removeRoot = () => fs.rmSync(root, { recursive: true, force: true });

  let server: ChildProcess | undefined;
  const kill = () => { try { server?.kill("SIGQUIT"); } catch { /* gone */ } removeRoot(); };
  process.once("exit", kill);
  try {
    // A linguistic default collation, as most production databases have: order must not depend on it.
    execFileSync(...asPostgres(path.join(PG_BIN, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--locale-provider=icu", "--icu-locale=en-US", "--no-sync"]), { stdio: "pipe" });
    const port = await freePort();
    // fsync off: a test cluster is thrown away. A far-from-UTC TimeZone proves the wire does not depend on it.
    const settings = ["listen_addresses=127.0.0.1", "fsync=off", "synchronous_commit=off", "full_page_writes=off", "TimeZone=Asia/Kathmandu", "max_connections=200"];
    server = spawn(...asPostgres(path.join(PG_BIN, "postgres"), ["-D", dataDir, "-k", root, "-p", String(port), ...settings.flatMap((setting) => ["-c", setting])]), { stdio: ["ignore", "ignore", "pipe"] });
    let log = "";
    server.stderr!.on("data", (chunk) => (log += chunk));

    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    await waitForServer(url, server, () => log);
    return {
      url,
      async stop() {
        process.removeListener("exit", kill);
        await stopServer(server!);
        removeRoot();
      },
    };
  } catch (error) {
    kill();
    process.removeListener("exit", kill);
    throw error;
  }
}

/** initdb refuses root: as root, hand the folder to `postgres` and run the binaries as that user. */
function ownFolderAsPostgres(folder: string): (command: string, args: string[]) => [string, string[]] {
  if (process.getuid?.() !== 0) return (command, args) => [command, args];

  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
  fs.chownSync(folder, uid, gid);
  // setpriv execs in place, so the child's pid is the postmaster's and signals reach it directly.
  return (command, args) => ["setpriv", [`--reuid=${uid}`, `--regid=${gid}`, "--init-groups", command, ...args]];
}

async function waitForServer(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`postgres exited with ${server.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    const ready = await client.connect().then(() => true, () => false);
    await client.end().catch(() => undefined);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`postgres did not accept connections within 60 s:\n${log()}`);
}

/** SIGINT is PostgreSQL's fast shutdown: disconnect clients, stop, no recovery needed. */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGINT");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
