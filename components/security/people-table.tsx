"use client";

import { useQuery } from "@tanstack/react-query";

import { Alert } from "@/components/ui/alert";
import { TimeStamp } from "@/components/ui/time-stamp";
import { peopleQuery } from "@/lib/query/people";

/** People who signed in with the identity provider (DESIGN §18): the role their groups gave them at the last sign-in. */
export function PeopleTable() {
  const people = useQuery(peopleQuery());

  if (people.isPending) return <p role="status">Loading people…</p>;
  if (people.isError) return <Alert tone="danger" title="People could not be loaded">{people.error.message}</Alert>;
  if (!people.data.length) return <p className="text-sm text-slate-600 dark:text-slate-400">Nobody has signed in with single sign-on yet. Everyone who does is listed here with the role their groups give them.</p>;

  return (
    <div role="region" aria-label="People" tabIndex={0} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">People who signed in with single sign-on</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3">Email</th><th scope="col" className="pr-3">Name</th><th scope="col" className="pr-3">Role</th>
            <th scope="col" className="pr-3">Groups</th><th scope="col" className="pr-3">Last seen</th>
          </tr>
        </thead>
        <tbody>
          {people.data.map((person) => (
            <tr key={person.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className="py-2 pr-3 font-medium">{person.email ?? person.subject}</td>
              <td className="pr-3">{person.name ?? "—"}</td>
              <td className="pr-3">{person.role}</td>
              <td className="pr-3">{person.groups.join(", ") || "—"}</td>
              <td className="pr-3"><TimeStamp iso={person.last_seen_at} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
