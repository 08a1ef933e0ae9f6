import { isLiteralSecret, isSecretKey, MASK } from "../schemas/secrets";

type Transport = { type: string; url?: string; command?: string; args?: string[] };
export type TransportSummary = { type: string; url?: string; command?: string; args?: string[] };

/**
 * Where an imported server would connect, for the import preview: the type, and the URL or the command line.
 * Secrets stay out of the answer (DESIGN §7): a URL loses its user and password, a query parameter with a
 * secret-looking name (`token`, `api_key` …) shows `••••`, and so does the argument after a secret-looking
 * flag (`--api-key x`) or the value of one (`--token=x`).
 */
export function summarizeTransport(transport: Transport): TransportSummary {
  if (transport.url !== undefined) return { type: transport.type, url: maskUrl(transport.url) };
  return { type: transport.type, command: transport.command, args: maskArgs(transport.args ?? []) };
}

function maskUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text.replace(/\/\/[^/@]*@/, "//"); // a URL with placeholders may not parse; its credentials still go
  }
  url.username = "";
  url.password = "";
  for (const [key, value] of [...url.searchParams]) {
    if (isLiteralSecret(key, value)) url.searchParams.set(key, MASK);
  }
  // URL escapes the placeholders' braces and the mask; the preview shows them as written.
  return decodeURI(url.href);
}

function maskArgs(args: string[]): string[] {
  return args.map((arg, index) => {
    const flag = /^(--?[^=]+)=(.*)$/.exec(arg);
    if (flag) return isLiteralSecret(flag[1]!, flag[2]!) ? `${flag[1]}=${MASK}` : arg;
    const previous = args[index - 1];
    const followsSecretFlag = previous !== undefined && previous.startsWith("-") && !previous.includes("=") && isSecretKey(previous);
    return followsSecretFlag && !arg.startsWith("-") && isLiteralSecret(previous, arg) ? MASK : arg;
  });
}
