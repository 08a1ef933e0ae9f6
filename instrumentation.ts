/**
 * Runs once when a Patchbay server process starts, before it serves requests. The condition is the one Next
 * documents: the bundler drops the import from the edge build, which would otherwise compile all of the server.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./instrumentation-node")).registerOnNode();
}
