import type { ReactNode } from "react";

/** The page's one h1, with an optional line below it and actions on the right. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold break-words">{title}</h1>
        {description && <div className="mt-1 text-slate-600 dark:text-slate-400">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/** A page that is its header and one body below it. */
export function HeadedPage({ children, ...header }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader {...header} />
      {children}
    </>
  );
}
