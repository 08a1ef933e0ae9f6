import { getConfig } from "@/lib/env";

/** Shown on every page while PATCHBAY_AUTH=off: nobody should mistake a development setup for a safe one. */
export function AuthOffBanner() {
  if (getConfig().PATCHBAY_AUTH !== "off") return null;
  return (
    <div role="status" className="bg-amber-400 px-4 py-1.5 text-center text-sm font-medium text-amber-950">
      Authentication is off (PATCHBAY_AUTH=off): anyone who can reach this registry can change it. For local development only.
    </div>
  );
}
