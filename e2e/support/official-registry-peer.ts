import http from "node:http";
import type { AddressInfo } from "node:net";

type Entry = { server: { name: string; version: string }; _meta?: { "io.modelcontextprotocol.registry/official"?: { isLatest?: boolean } } };

export type OfficialRegistryPeer = {
  /** The `/v0.1` base, as PATCHBAY_UPSTREAM_URL takes it. */
  baseUrl: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** While true, every request answers 503. */
  setFailing(isFailing: boolean): void;
  stop(): Promise<void>;
};

/**
 * A local HTTP server answering the official registry's read API (`/v0.1/servers` with cursor, limit, search
 * and version; `/v0.1/servers/{name}/versions` and `…/versions/{version}`, `latest` included) over a dump of
 * `{server, _meta}` entries, as the published OpenAPI document describes it.
 */
export async function startOfficialRegistryPeer(entries: Entry[]): Promise<OfficialRegistryPeer> {
  const sorted = [...entries].sort((a, b) => (a.server.name < b.server.name ? -1 : a.server.name > b.server.name ? 1 : 0));
  const isLatest = (entry: Entry) => entry._meta?.["io.modelcontextprotocol.registry/official"]?.isLatest === true;
  const requests: string[] = [];
  let isFailing = false;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://peer");
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (isFailing) return send(503, { title: "Service Unavailable", status: 503 });

    if (url.pathname === "/v0.1/servers") {
      const search = url.searchParams.get("search")?.toLowerCase();
      const version = url.searchParams.get("version");
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 30), 100);
      const matching = sorted.filter((entry) =>
        (!search || entry.server.name.toLowerCase().includes(search)) &&
        (!version || (version === "latest" ? isLatest(entry) : entry.server.version === version)));
      const cursor = url.searchParams.get("cursor");
      const start = cursor ? Number(Buffer.from(cursor, "base64url").toString()) : 0;
      if (!Number.isInteger(start) || start < 0) return send(400, { title: "Bad Request", status: 400, detail: "invalid cursor" });
      const page = matching.slice(start, start + limit);
      const end = start + page.length;
      const nextCursor = end < matching.length ? Buffer.from(String(end)).toString("base64url") : undefined;
      return send(200, { servers: page, metadata: { count: page.length, ...(nextCursor ? { nextCursor } : {}) } });
    }

    const versions = /^\/v0\.1\/servers\/([^/]+)\/versions(?:\/([^/]+))?$/.exec(url.pathname);
    if (versions) {
      const name = decodeURIComponent(versions[1]);
      const all = sorted.filter((entry) => entry.server.name === name);
      if (!versions[2]) return all.length ? send(200, { servers: all, metadata: { count: all.length } }) : send(404, { title: "Not Found", status: 404 });
      const wanted = decodeURIComponent(versions[2]);
      const found = all.find((entry) => (wanted === "latest" ? isLatest(entry) : entry.server.version === wanted));
      return found ? send(200, found) : send(404, { title: "Not Found", status: 404 });
    }
    send(404, { title: "Not Found", status: 404 });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v0.1`,
    requests,
    setFailing: (value) => (isFailing = value),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
