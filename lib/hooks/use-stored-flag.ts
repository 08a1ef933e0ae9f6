import { useCallback, useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * A yes/no remembered by this browser (localStorage), e.g. that a hint was dismissed. `undefined` until the
 * browser is asked (on the server and before hydration), so nothing flashes in and out. Setting it tells the
 * other tabs and this one (a `storage` event).
 */
export function useStoredFlag(key: string): [boolean | undefined, (value: boolean) => void] {
  const value = useSyncExternalStore<boolean | undefined>(subscribe, () => window.localStorage.getItem(key) === "true", () => undefined);
  const set = useCallback((next: boolean) => {
    if (next) window.localStorage.setItem(key, "true");
    else window.localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent("storage", { key }));
  }, [key]);
  return [value, set];
}
