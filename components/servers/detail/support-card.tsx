import { Card } from "@/components/ui/card";
import { KeyValueList } from "@/components/ui/key-value-list";
import type { StoredServer } from "@/lib/query/types";
import { supportLink } from "@/lib/resolve/support-links";

export function SupportCard({ server }: { server: StoredServer }) {
  const support = server.support ?? {};
  const items: [string, React.ReactNode][] = [];
  // Relative links (seed 003: "/docs/…") go against the server's own URL.
  const serverUrl = server.transport.type === "stdio" ? undefined : server.transport.url;
  if (support.owner) items.push(["Owner", support.owner]);
  if (support.documentation_url) items.push(["Documentation", <ExternalLink key="d" text={support.documentation_url} href={supportLink(support.documentation_url, serverUrl)} />]);
  if (support.api_reference_url) items.push(["API reference", <ExternalLink key="a" text={support.api_reference_url} href={supportLink(support.api_reference_url, serverUrl)} />]);
  if (support.contact) items.push(["Contact", <Contact key="c" value={support.contact} />]);
  if (support.sla) items.push(["SLA", support.sla]);
  if (support.version) items.push(["Version", support.version]);
  if (support.health_endpoint) items.push(["Health endpoint", <code key="h" className="font-mono text-xs">{support.health_endpoint}</code>]);

  return (
    <Card title="Support" id="support">
      {items.length ? <KeyValueList items={items} isStacked /> : <p className="text-sm text-slate-600 dark:text-slate-400">No support details.</p>}
    </Card>
  );
}

/** Only http(s) becomes a link (`supportLink`): a `javascript:` URL typed into a definition must never run. */
function ExternalLink({ text, href }: { text: string; href: string | null }) {
  if (!href) return <span>{text}</span>;
  return <a href={href} target="_blank" rel="noreferrer noopener" className="text-indigo-700 underline dark:text-indigo-300">{text}</a>;
}

function Contact({ value }: { value: string }) {
  if (!/^[^@\s]+@[^@\s]+$/.test(value)) return <span>{value}</span>;
  return <a href={`mailto:${value}`} className="text-indigo-700 underline dark:text-indigo-300">{value}</a>;
}
