import { getConfig } from "../env";
import { createOutboundPolicy, type OutboundPolicy } from "../mcp/outbound-policy";

export type ProbeSettings = {
  timeoutMs: number;
  policy: OutboundPolicy;
  stdioAllow: readonly string[];
  concurrency: number;
  /** 0: the scheduler is off. */
  intervalMs: number;
};

let cached: ProbeSettings | undefined;

/** The health settings of DESIGN §9, built once; throws naming the variable when a CIDR list is malformed. */
export function getProbeSettings(): ProbeSettings {
  if (cached) return cached;

  const config = getConfig();
  let policy: OutboundPolicy;
  try {
    policy = createOutboundPolicy({ allow: config.PATCHBAY_OUTBOUND_ALLOW.join(","), deny: config.PATCHBAY_OUTBOUND_DENY.join(",") });
  } catch (error) {
    throw new Error(`Invalid configuration:\n  PATCHBAY_OUTBOUND_ALLOW / PATCHBAY_OUTBOUND_DENY: ${(error as Error).message}`);
  }
  cached = {
    timeoutMs: config.PATCHBAY_HEALTH_TIMEOUT_MS,
    policy,
    stdioAllow: config.PATCHBAY_STDIO_ALLOW,
    concurrency: config.PATCHBAY_HEALTH_CONCURRENCY,
    intervalMs: config.PATCHBAY_HEALTH_INTERVAL_S * 1000,
  };
  return cached;
}
