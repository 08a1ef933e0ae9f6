import { negotiateBodySchema, negotiationSchema } from "../schemas/negotiate";
import { defineOperation } from "./operation";
import { BAD_REQUEST } from "./problem-responses";

export const negotiateOperation = defineOperation({
  method: "POST", path: "/api/negotiate", tag: "Gateway", role: "runner", rateLimit: "none",
  summary: "Bind required capability strings to the servers that provide them (seed 000): healthy before degraded before unknown, then lowest latency; BOUND or DEGRADED with what is missing",
  body: negotiateBodySchema,
  responses: { 200: { description: "The bindings, each server resolved for the environment", schema: negotiationSchema }, ...BAD_REQUEST },
});
