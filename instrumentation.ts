/** Runs once when a Patchbay server process starts, before it serves requests. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installVaryAccept } = await import("./lib/http/vary-accept");
  installVaryAccept();
  const { bootPatchbay } = await import("./lib/boot");
  await bootPatchbay();
}
