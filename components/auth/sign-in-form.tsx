"use client";

import { useEffect, useState, type FormEvent } from "react";

import { sanitizeNext } from "@/lib/auth/safe-next";
import { isProblem } from "@/lib/query/fetch-json";
import { useSignIn } from "@/lib/query/use-sign-in";

/** Signs in with a token (POST /api/session sets the HttpOnly cookie), then goes back where the user was. */
export function SignInForm({ next }: { next: string }) {
  const [token, setToken] = useState("");
  const session = useSignIn();
  const isBusy = session.isPending;
  const error = session.error && (isProblem(session.error, 401) ? "That token is unknown, revoked or expired." : "Signing in failed; try again.");

  function signIn(value: string) {
    session.mutate(value, { onSuccess: () => window.location.assign(sanitizeNext(next)) });
  }

  // The first-start link carries the token in the fragment, which never reaches a server or a log.
  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.hash.slice(1)).get("token");
    if (!fromLink) return;
    history.replaceState(null, "", window.location.pathname + window.location.search);
    signIn(fromLink);
    // Once, on mount: the token in the link is read and dropped from the address bar.
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    signIn(token.trim());
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-describedby={error ? "sign-in-error" : undefined}>
      <label className="block text-sm font-medium" htmlFor="token">API token</label>
      <input
        id="token"
        name="token"
        type="password"
        autoComplete="off"
        required
        value={token}
        onChange={(event) => setToken(event.target.value)}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
        placeholder="pb_…"
      />
      {error && <p id="sign-in-error" role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <button
        type="submit"
        disabled={isBusy || token.trim() === ""}
        className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
      >
        {isBusy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
