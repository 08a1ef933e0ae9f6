import { Alert } from "@/components/ui/alert";
import type { FieldError } from "@/lib/errors";
import { fieldLabel } from "@/lib/forms/human-messages";

/** The response's warnings (a legacy inline config is one), each with the path it is about. */
export function WarningsAlert({ warnings }: { warnings: FieldError[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert tone="warning" title="Warnings">
      <ul className="list-disc pl-5">
        {warnings.map((warning) => <li key={warning.path + warning.message}><span className="font-medium">{fieldLabel(warning.path)}</span>: {warning.message}</li>)}
      </ul>
    </Alert>
  );
}
