import { Suspense } from "react";

import { CapabilityList } from "@/components/capabilities/capability-list";

export const metadata = { title: "Capabilities" };

export default function CapabilitiesPage() {
  return <Suspense><CapabilityList /></Suspense>;
}
