"use client";

import Link from "next/link";

import { useRole } from "@/components/roles/role-context";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useStoredFlag } from "@/lib/hooks/use-stored-flag";
import { onboardingSteps } from "@/lib/query/onboarding-steps";

import { useOnboardingFacts } from "./use-onboarding-facts";

const DISMISSED_KEY = "patchbay.onboarding.dismissed";

/**
 * "Getting started": the first steps a platform engineer takes, those the role allows, each ticked from the
 * registry's own data and linking to where it is done. Hidden for good in this browser once dismissed.
 */
export function OnboardingChecklist() {
  const { role } = useRole();
  const [isDismissed, setDismissed] = useStoredFlag(DISMISSED_KEY);
  const facts = useOnboardingFacts(isDismissed === false);
  if (isDismissed !== false || !facts) return null;

  const steps = onboardingSteps(role, facts);
  const done = steps.filter((step) => step.isDone).length;
  return (
    <Card id="getting-started" className="lg:col-span-2"
      title={<>Getting started <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{done} of {steps.length} done</span></>}
      actions={<Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>Hide this list</Button>}>
      <ol className="flex flex-col gap-1.5 text-sm">
        {steps.map((step) => (
          <li key={step.id} data-step={step.id} className="flex items-baseline gap-2">
            <span aria-hidden="true" className={step.isDone ? "text-emerald-700 dark:text-emerald-400" : "text-slate-500 dark:text-slate-400"}>{step.isDone ? "✓" : "○"}</span>
            <div className="flex flex-wrap items-baseline gap-x-2">
              <Link className={step.isDone ? "text-slate-600 line-through dark:text-slate-400" : "font-medium underline"} href={step.href}>{step.label}</Link>
              <span className="sr-only">{step.isDone ? "(done)" : "(to do)"}</span>
              <span className="text-xs text-slate-600 dark:text-slate-400">{step.hint}</span>
            </div>
          </li>
        ))}
      </ol>
      {role === "viewer" && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Adding servers and calling tools needs the editor or runner role: an admin can give you one.</p>}
    </Card>
  );
}
