import http from "node:http";

import autocannon from "autocannon";
import { printMarkdown } from "./markdown-table.mjs";

/**
 * Runs autocannon against one request and returns req/s and latency percentiles in ms. Every answer must be
 * a 2xx, or a 304 when `expect` is 304 (a conditional GET). `bodyOf`, instead of `body`, makes each request's
 * body afresh (a JSON-RPC request needs an id of its own).
 */
export async function measure({ url, method = "GET", body, bodyOf, headers = {}, expect = 200, connections = 8, duration = 8 }) {
  const result = await autocannon({
    url,
    method,
    connections,
    duration,
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(bodyOf ? { requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(bodyOf()) }) }] } : {}),
    headers: { ...headers, ...(body === undefined && bodyOf === undefined ? {} : { "content-type": "application/json" }) },
  });
  const unexpected = expect === 304 ? result.requests.total - result["3xx"] : result.non2xx;
  if (unexpected > 0 || result.errors > 0) {
    throw new Error(`${method} ${url}: ${unexpected} answers other than ${expect === 304 ? "304" : "2xx"}, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, count: result.requests.total };
}

/** A bare node:http server answering fixed bytes (with `status`; a 304 has none): the physical floor of this machine. */
export async function startBareServer(bytes, status = 200) {
  const server = http.createServer((_request, response) => {
    response.writeHead(status, status === 304 ? {} : { "content-type": "application/json" });
    response.end(status === 304 ? undefined : bytes);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** `warning`, when given, is the first row: the numbers below it are not to be reported. */
export function printTable(rows, floorRps, warning) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "× framework floor"];
  const lines = rows.map((row) => [row.name, row.rps.toFixed(0), row.p50.toFixed(1), row.p99.toFixed(1), (row.rps / floorRps).toFixed(2)]);
  printMarkdown(header, warning ? [[`⚠ ${warning}`, "—", "—", "—", "—"], ...lines] : lines);
}

/** One row per scenario, one column per setup: `req/s (p99 ms)`. */
export function printComparison(results) {
  const header = ["scenario", ...results.map((result) => result.setup)];
  const lines = results[0].rows.map((row, index) => [
    row.name,
    ...results.map((result) => `${result.rows[index].rps.toFixed(0)} (${result.rows[index].p99.toFixed(0)})`),
  ]);
  printMarkdown(header, lines);
}

