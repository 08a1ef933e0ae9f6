import type { ProtocolError } from "@modelcontextprotocol/client";

/**
 * The message a peer's JSON-RPC error had on the wire: the SDK prefixes it with "MCP error <code>: ", which a relay
 * (the gateway passing an upstream's error on) must not send again.
 */
export function wireMessageOf(error: ProtocolError): string {
  return error.message.replace(/^MCP error -?\d+: /, "");
}
