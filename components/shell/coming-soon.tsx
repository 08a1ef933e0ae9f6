import { PageHeader } from "../ui/page-header";

export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <p className="text-slate-600 dark:text-slate-400">Coming soon: this part of the dashboard is being built.</p>
    </>
  );
}
