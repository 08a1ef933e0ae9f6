"use client";

import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { Approval } from "../schemas/approvals";
import { fetchJson } from "./fetch-json";

export type { Approval };

/** The inbox refreshes this often: new requests and decisions taken elsewhere appear without a reload. */
export const APPROVALS_REFRESH_MS = 2_000;

export const approvalKeys = { all: ["approvals"] as const, list: (state: string) => [...approvalKeys.all, state] as const };

export const approvalsQuery = (state: string) =>
  queryOptions({
    queryKey: approvalKeys.list(state),
    queryFn: () => fetchJson<{ approvals: Approval[]; next_cursor: string | null }>(`/api/approvals?limit=100${state ? `&state=${state}` : ""}`),
    placeholderData: keepPreviousData,
    refetchInterval: APPROVALS_REFRESH_MS,
  });
