import { Button } from "@/components/ui/button";
import { useIsHydrated } from "@/lib/hooks/use-is-hydrated";

type ServerPagerProps = {
  pageNumber: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The rows shown are still the last page's while this one loads: its cursors are not known yet. */
  isStale: boolean;
  onNext: () => void;
  onPrevious: () => void;
};

export function ServerPager({ pageNumber, pageCount, hasPrevious, hasNext, isStale, onNext, onPrevious }: ServerPagerProps) {
  // A click before hydration does nothing: journeys wait for this mark before paging.
  const isHydrated = useIsHydrated();
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label="Pages" data-hydrated={isHydrated || undefined} className="mt-4 flex items-center justify-between gap-2">
      <Button onClick={onPrevious} disabled={!hasPrevious || isStale}>← Previous</Button>
      <span className="text-sm text-slate-600 dark:text-slate-400">Page {pageNumber} of {Math.max(pageCount, pageNumber)}</span>
      <Button onClick={onNext} disabled={!hasNext || isStale}>Next →</Button>
    </nav>
  );
}
