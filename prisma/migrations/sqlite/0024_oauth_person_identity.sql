-- This is an empty migration.

-- Hand-written (not from prisma migrate diff):
-- `per_user` connections are kept per person by identity now (`person:<id>`, `token:<id>`: lib/oauth/oauth-store.ts
-- connectionPerson), not by name: two tokens of one name were one person, and the second was called with the first's
-- access token. Every per_user row written before was keyed by a name, which no identity can be told from (the names
-- are not unique), so none would be found again, and none could be disconnected: they go, and each person connects
-- again. The authorization server is not told (no SQL can revoke); the grants lapse there. Authorizations under way
-- were bound to who started them by name too: they are started again.
DELETE FROM "OAuthConnection" WHERE "person" <> '';
DELETE FROM "OAuthPending";
