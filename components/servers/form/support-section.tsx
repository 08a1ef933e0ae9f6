import { Card } from "@/components/ui/card";
import { IconRows } from "./icon-rows";
import { TextField } from "./text-field";

export function SupportSection() {
  return (
    <Card title="Support" id="support">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="support.owner" label="Owner" placeholder="Platform team" hint="Who answers for this server; shown in lists and searchable." />
        <TextField name="support.documentation_url" label="Documentation URL" type="url" placeholder="https://docs.example.com/…" />
        <TextField name="support.api_reference_url" label="API reference URL" type="url" />
        <TextField name="support.contact" label="Contact" placeholder="team@example.com" />
        <TextField name="support.sla" label="SLA" placeholder="99.9%" />
        <TextField name="support.version" label="Supported version" />
        <TextField name="support.health_endpoint" label="Health endpoint" placeholder="/health" hint="Resolved against the server's URL." />
      </div>
      <div className="mt-4">
        <IconRows />
      </div>
    </Card>
  );
}
