import { randomUUID } from "node:crypto";

import { getDb } from "../db";
import type { PersonView } from "../schemas/people";
import type { Role } from "../schemas/role";

/** Who the identity provider says someone is, and the role PATCHBAY_OIDC_ROLES gives them now. */
export type Identity = { issuer: string; subject: string; email: string | null; name: string | null; groups: string[]; role: Role };


/** At each sign-in: the person is created or brought up to date; their role follows the claim (DESIGN §18). */
export async function recordSignIn(identity: Identity): Promise<{ id: string; previousRole: Role | null }> {
  const now = new Date();
  const data = { email: identity.email, name: identity.name, role: identity.role, groups: JSON.stringify(identity.groups), lastSeenAt: now };
  const where = { issuer_subject: { issuer: identity.issuer, subject: identity.subject } };
  const before = await getDb().person.findUnique({ where, select: { role: true } });
  const person = await getDb().person.upsert({
    where,
    create: { id: randomUUID(), issuer: identity.issuer, subject: identity.subject, createdAt: now, ...data },
    update: data,
  });
  return { id: person.id, previousRole: (before?.role as Role | undefined) ?? null };
}

/** After the provider was asked again (lib/people/idp-recheck.ts): what it says now. */
export async function updatePerson(personId: string, change: { role: Role; groups: string[] }): Promise<void> {
  await getDb().person.update({ where: { id: personId }, data: { role: change.role, groups: JSON.stringify(change.groups), lastSeenAt: new Date() } });
}

/** GET /api/people: everyone who ever signed in, most recently seen first. */
export async function listPeople(): Promise<{ people: PersonView[] }> {
  const rows = await getDb().person.findMany({ orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }] });
  return {
    people: rows.map((row) => ({
      id: row.id, issuer: row.issuer, subject: row.subject, email: row.email, name: row.name, role: row.role as Role,
      groups: JSON.parse(row.groups) as string[], created_at: row.createdAt.toISOString(), last_seen_at: row.lastSeenAt.toISOString(),
    })),
  };
}
