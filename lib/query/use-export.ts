import { useMutation } from "@tanstack/react-query";

import { fetchExport } from "./import-export";

/** GET /api/export on demand (a button, not a page load). */
export function useExport() {
  return useMutation({ mutationFn: fetchExport });
}
