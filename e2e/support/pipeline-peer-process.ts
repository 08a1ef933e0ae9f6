import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const PEER = path.resolve("e2e/support/pipeline-peer.mjs");

export type PipelinePeer = { url: string; port: number; child: ChildProcess };

/** The pipeline peer (a real MCP server that counts the calls of each tool) as a child process on 127.0.0.1; `port` reuses one (a restart). Stop it with stopProcess. */
export async function startPipelinePeer(port = 0): Promise<PipelinePeer> {
  const child = spawn(process.execPath, [PEER, "http", String(port)], { stdio: ["ignore", "pipe", "inherit"], detached: true });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`peer exited with ${code}`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  return { url, port: Number(new URL(url).port), child };
}
