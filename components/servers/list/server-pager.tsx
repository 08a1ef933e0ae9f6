import { Button } from "@/components/ui/button";

type ServerPagerProps = { pageNumber?: number; hasPrevious: boolean; nextCursor: string | null; onNext: (cursor: string) => void; onPrevious: () => void };

export function ServerPager({ pageNumber, hasPrevious, nextCursor, onNext, onPrevious }: ServerPagerProps) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
      <Button onClick={onPrevious} disabled={!hasPrevious}>← Previous</Button>
      {pageNumber && <span className="text-sm text-slate-600 dark:text-slate-400">Page {pageNumber}</span>}
      <Button onClick={() => nextCursor && onNext(nextCursor)} disabled={!nextCursor}>Next →</Button>
    </nav>
  );
}
