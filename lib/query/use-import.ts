import { useMutation, useQueryClient } from "@tanstack/react-query";

import { postImport } from "./import-export";
import { serverKeys } from "./server-keys";

/** Imports a file; a real (not dry-run, not refused) import refreshes every server list and detail. */
export function useImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postImport,
    onSuccess: (outcome) => {
      if (!outcome.report.dry_run && !outcome.isRefused) void queryClient.invalidateQueries({ queryKey: serverKeys.all });
    },
  });
}
