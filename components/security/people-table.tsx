"use client";

import { useQuery } from "@tanstack/react-query";

import { Alert } from "@/components/ui/alert";
import { CellLabel, FOLDING_CELL as cell, FoldingRow, FoldingTable } from "@/components/ui/folding-table";
import { TimeStamp } from "@/components/ui/time-stamp";
import { peopleQuery } from "@/lib/query/people";

/** People who signed in with the identity provider (DESIGN §18): the role their groups gave them at the last sign-in; each a card on a phone. */
export function PeopleTable() {
  const people = useQuery(peopleQuery());

  if (people.isPending) return <p role="status">Loading people…</p>;
  if (people.isError) return <Alert tone="danger" title="People could not be loaded">{people.error.message}</Alert>;
  if (!people.data.length) return <p className="text-sm text-slate-600 dark:text-slate-400">Nobody has signed in with single sign-on yet. Everyone who does is listed here with the role their groups give them.</p>;

  return (
    <FoldingTable caption="People who signed in with single sign-on" columns={["Email", "Name", "Role", "Groups", "Last seen"]}>
      {people.data.map((person) => (
        <FoldingRow key={person.id} name={person.email ?? person.subject}>
          <td className={cell}>{person.name ?? "—"}</td>
          <td className={cell}><CellLabel>Role</CellLabel>{person.role}</td>
          <td className={cell}><CellLabel>Groups</CellLabel>{person.groups.join(", ") || "—"}</td>
          <td className={cell}><CellLabel>Last seen</CellLabel><TimeStamp iso={person.last_seen_at} /></td>
        </FoldingRow>
      ))}
    </FoldingTable>
  );
}
