"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { variableQuery } from "@/lib/query/variables";
import { VariableForm } from "./variable-form";

type VariableEditorProps = { name: string | null; takenNames: string[]; environments: string[]; serverSuggestions: string[]; onClose: () => void };

/** The create form (`name` null) or the edit form of a variable loaded fresh, so its revision is current. */
export function VariableEditor({ name, takenNames, environments, serverSuggestions, onClose }: VariableEditorProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const variable = useQuery({ ...variableQuery(name ?? ""), enabled: name !== null });
  useEffect(() => heading.current?.focus(), [name]);

  const title = name ? `Edit ${name}` : "New variable";
  return (
    <Card id="variable-editor">
      <h2 ref={heading} tabIndex={-1} className="mb-3 text-base font-semibold break-all">{title}</h2>
      {name === null && <VariableForm takenNames={takenNames} environments={environments} serverSuggestions={serverSuggestions} onDone={onClose} />}
      {name !== null && variable.isPending && <p role="status">Loading {name}…</p>}
      {name !== null && variable.isError && <Alert tone="danger" title="The variable could not be loaded">{variable.error.message}</Alert>}
      {name !== null && variable.isSuccess && (
        // Keyed by revision: loading the latest version after a 412 starts the form over from it.
        <VariableForm key={variable.data.revision} original={variable.data} takenNames={takenNames} environments={environments}
          serverSuggestions={serverSuggestions} onDone={onClose} onReload={() => void variable.refetch()} />
      )}
    </Card>
  );
}
