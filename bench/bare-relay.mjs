// The floor of bench:gateway's relayed rows: a bare node:http reverse proxy in its own process, forwarding every
// request to the upstream on a keep-alive connection and piping the answer back, with no MCP, auth or policy —
// what any relay in front of the same upstream, on the same machine, cannot go below.
// Run alone: node bench/bare-relay.mjs <upstream URL>   (prints `listening <port>`)
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "host"]);

/** Starts the relay in a child process in front of `upstreamUrl`; its URL is the upstream's path on the relay's port. */
export async function startBareRelay(upstreamUrl) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), upstreamUrl], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bare relay exited with ${code}`)));
    child.stdout.setEncoding("utf8").on("data", (text) => {
      const found = /listening (\d+)/.exec(text);
      if (found) resolve(Number(found[1]));
    });
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = new URL(upstreamUrl);
  return { url: `http://127.0.0.1:${port}${url.pathname}`, pid: child.pid, stop: async () => void (child.kill(), await exited) };
}

function serve(upstreamUrl) {
  const upstream = new URL(upstreamUrl);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers, agent }, (answer) => {
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      response.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(response);
    });
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });
  server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve(process.argv[2]);
