-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- Approvals bind their destination by a keyed digest now (lib/gateway/policy-gate.ts destinationBinding): the plain
-- SHA-256 of requests made before would never match a call again, and would let a copy of this table test guesses of
-- the secrets in the destination. Those requests are re-requested by the next identical call.
UPDATE "Approval" SET "destinationHash" = NULL WHERE "destinationHash" IS NOT NULL;
