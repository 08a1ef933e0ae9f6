import { useEffect, useState } from "react";

/** False in the server's HTML and until React owns the page in the browser; a control's `data-hydrated` mark, which journeys wait for. */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}
