"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import type { ServerInput } from "../schemas/server";
import { fetchJson } from "./fetch-json";
import { serverKeys } from "./server-keys";
import { serverPath } from "./server-queries";
import type { StoredServer } from "./types";

type SaveArgs = { input: ServerInput; original?: { name: string; revision: number } };

/** POST a new server, or PUT over `original` with If-Match on the revision the form was opened at. */
export function useSaveServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, original }: SaveArgs) =>
      fetchJson<{ mcp_server: StoredServer }>(original ? serverPath(original.name) : "/api/mcp-servers", {
        method: original ? "PUT" : "POST",
        json: input,
        headers: original ? { "If-Match": `"${original.revision}"` } : {},
      }).then((body) => body.mcp_server),
    onSuccess: (server, { original }) => {
      if (original && original.name !== server.name) queryClient.removeQueries({ queryKey: serverKeys.detail(original.name) });
      queryClient.setQueryData(serverKeys.raw(server.name), server);
      return queryClient.invalidateQueries({ queryKey: serverKeys.all });
    },
  });
}
