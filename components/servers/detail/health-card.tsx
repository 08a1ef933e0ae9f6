import { Card } from "@/components/ui/card";
import { HealthDot } from "@/components/ui/health-dot";

/**
 * SLOT — replaced by the health work (latest status, latency chart, last failure, Test connection) through
 * ServerDetail's `healthSlot` prop. Until then it says what is known: nothing.
 */
export function HealthCard() {
  return (
    <Card title="Health" id="health">
      <HealthDot status="unknown" />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Health checks and Test connection are not available yet.</p>
    </Card>
  );
}
