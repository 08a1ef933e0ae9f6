import { Card } from "@/components/ui/card";
import { NameField } from "./name-field";
import { TextField } from "./text-field";

export function BasicsSection({ ownName }: { ownName?: string }) {
  return (
    <Card title="Basics" id="basics">
      <div className="grid gap-4 md:grid-cols-[1fr_12rem]">
        <NameField ownName={ownName} />
        <TextField name="version" label="Version" placeholder="1.0.0" />
        <TextField name="description" label="Description" required isMultiline className="md:col-span-2" hint="What the server does, in a sentence (up to 500 characters)." />
      </div>
    </Card>
  );
}
