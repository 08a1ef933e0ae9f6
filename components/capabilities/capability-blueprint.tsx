"use client";

import { useMemo, useState } from "react";

import { BlueprintPreview } from "@/components/documents/blueprint-preview";
import { EnvironmentSelect, useChosenEnvironment } from "@/components/environments/environment-select";
import { useReferenceChecks } from "@/components/documents/use-reference-checks";
import { Card } from "@/components/ui/card";
import { toReferenceRows } from "@/lib/forms/reference-rows";
import type { McpServerReferences } from "@/lib/schemas/reference";

/** The capability's references resolved for an environment (each by the registry's validate), as an agent would get them. */
export function CapabilityBlueprint({ name, references }: { name: string; references: McpServerReferences | undefined }) {
  const [environment, setEnvironment] = useState<string>();
  const chosen = useChosenEnvironment(environment);
  const rows = useMemo(() => toReferenceRows(references).map((row) => ({ ...row, from: `capability ${name}` })), [name, references]);
  const checks = useReferenceChecks(rows, chosen);

  return (
    <Card title="Blueprint" id="blueprint">
      <div className="flex flex-col gap-4">
        <EnvironmentSelect id="blueprint-environment" value={chosen} onChange={setEnvironment} />
        <BlueprintPreview checks={checks} />
      </div>
    </Card>
  );
}
