import { Suspense } from "react";

import { VariablesPage } from "@/components/variables/variables-page";

export const metadata = { title: "Variables" };

/** Every role reads variables (secret values never); only admins write them, as the API enforces. */
export default function VariablesRoute() {
  return <Suspense><VariablesPage /></Suspense>;
}
