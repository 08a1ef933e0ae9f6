/** The package a stdio command line runs, split the way server.json describes it. */
export type PackageSpec = { registryType: string; identifier: string; version?: string; runtimeArgs: string[]; packageArgs: string[] };

const REGISTRY_BY_RUNNER: Record<string, string> = { npx: "npm", uvx: "pypi", dnx: "nuget", docker: "oci", podman: "oci" };
/** `docker run` flags that take the next argument as their value, so the image comes after it. */
const DOCKER_VALUE_FLAGS = new Set(["-e", "--env", "--env-file", "-v", "--volume", "-p", "--publish", "--name", "--network",
  "--mount", "-w", "--workdir", "-u", "--user", "--entrypoint", "--platform", "-l", "--label", "-m", "--memory"]);

/**
 * `npx -y pkg@1.2.3 args`, `uvx pkg==1.2.3 args`, `dnx Pkg@1.2.3 args` or `docker run … image:tag args` → the
 * package; undefined when the command is no package runner or the package is not pinned to an exact version.
 */
export function packageSpec(command: string, args: string[], envNames: string[]): PackageSpec | undefined {
  const registryType = REGISTRY_BY_RUNNER[command];
  if (!registryType) return undefined;
  if (registryType === "oci") return imageSpec(args, envNames);
  if (args.some((arg) => ["--from", "-p", "--package"].includes(arg))) return undefined;

  const index = args.findIndex((arg) => !arg.startsWith("-"));
  if (index < 0) return undefined;
  const [identifier, version] = splitVersion(args[index]);
  if (!version) return undefined;
  const runtimeArgs = args.slice(0, index).filter((arg) => arg !== "-y" && arg !== "--yes");
  return { registryType, identifier, version, runtimeArgs, packageArgs: args.slice(index + 1) };
}

/**
 * `docker run [flags] image[:tag|@digest] [args]`; an image without a tag or digest is not pinned. `-i`, `--rm`
 * and `-e NAME` for a variable of `env` are left out: clients add them for a package and its environmentVariables.
 */
function imageSpec(args: string[], envNames: string[]): PackageSpec | undefined {
  if (args[0] !== "run") return undefined;
  const runtimeArgs: string[] = [];
  let index = 1;
  for (; index < args.length && args[index].startsWith("-"); index += 1) {
    const [flag, value] = [args[index], args[index + 1]];
    if (!DOCKER_VALUE_FLAGS.has(flag)) {
      if (flag !== "-i" && flag !== "--rm") runtimeArgs.push(flag);
      continue;
    }
    if (!((flag === "-e" || flag === "--env") && envNames.includes(value))) runtimeArgs.push(flag, value);
    index += 1;
  }
  const image = args[index];
  if (!image || !/:[^/]*$|@sha256:/.test(image)) return undefined;
  return { registryType: "oci", identifier: image, runtimeArgs, packageArgs: args.slice(index + 1) };
}

/** `pkg@1.2.3`, `@scope/pkg@1.2.3`, `pkg==1.2.3` → [identifier, version]; a tag or range is no exact version. */
function splitVersion(spec: string): [string, string | undefined] {
  const at = spec.includes("==") ? spec.indexOf("==") : spec.lastIndexOf("@");
  if (at <= 0) return [spec, undefined];
  const version = spec.slice(at + (spec.includes("==") ? 2 : 1));
  const isExact = /^\d[\w.+-]*$/.test(version) && !/(^|\.)[xX*](\.|$)/.test(version);
  return [spec.slice(0, at), isExact ? version : undefined];
}
