import { Badge } from "@/components/ui/badge";
import { KeyValueList } from "@/components/ui/key-value-list";

type AnyTransport = { type?: string; url?: string; headers?: Record<string, string>; command?: string; args?: string[]; env?: Record<string, string> };

/** A transport (or an environment's partial override) as readable rows. */
export function TransportFields({ transport }: { transport: AnyTransport }) {
  const rows: [string, React.ReactNode][] = [];
  if (transport.type) rows.push(["Transport", <Badge key="type">{transport.type}</Badge>]);
  if (transport.url !== undefined) rows.push(["URL", <code key="url" className="font-mono text-xs">{transport.url}</code>]);
  if (transport.command !== undefined) rows.push(["Command", <code key="cmd" className="font-mono text-xs">{transport.command}</code>]);
  if (transport.args?.length) rows.push(["Arguments", <code key="args" className="font-mono text-xs">{transport.args.map(quoteArg).join(" ")}</code>]);

  return (
    <div className="flex flex-col gap-3">
      <KeyValueList items={rows} />
      <Pairs title="Headers" pairs={transport.headers} />
      <Pairs title="Environment variables" pairs={transport.env} />
    </div>
  );
}

function Pairs({ title, pairs }: { title: string; pairs?: Record<string, string> }) {
  if (!pairs || Object.keys(pairs).length === 0) return null;
  return (
    <div>
      <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{title}</h4>
      <KeyValueList mono items={Object.entries(pairs)} />
    </div>
  );
}

function quoteArg(arg: string): string {
  return /[\s"']/.test(arg) ? JSON.stringify(arg) : arg;
}
