"use client";

import { useState, type FormEvent } from "react";

import { sanitizeNext } from "@/lib/auth/safe-next";
import { isProblem } from "@/lib/query/fetch-json";
import { useSignIn } from "@/lib/query/session";

import { useLinkToken } from "./link-token";
import { SignInLink } from "./sign-in-link";

/**
 * Signs in with a token (POST /api/session sets the HttpOnly cookie), then goes back where the user was. A sign-in
 * link's token is not used until the person confirms it (SignInLink). `signedInAs`: the session this browser has.
 */
export function SignInForm({ next, signedInAs }: { next: string; signedInAs: string | null }) {
  const [token, setToken] = useState("");
  const [linkToken, dismissLinkToken] = useLinkToken();
  const session = useSignIn();
  const isBusy = session.isPending;
  const error = session.error && (isProblem(session.error, 401) ? "That token is unknown, revoked or expired." : "Signing in failed; try again.");

  if (linkToken) return <SignInLink key={linkToken} token={linkToken} next={sanitizeNext(next)} signedInAs={signedInAs} onDismiss={dismissLinkToken} />;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    session.mutate(token.trim(), { onSuccess: () => window.location.assign(sanitizeNext(next)) });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-describedby={error ? "sign-in-error" : undefined}>
      {signedInAs && <p role="note" className="text-sm text-slate-600 dark:text-slate-400">You are signed in as <strong>{signedInAs}</strong>; signing in again replaces that session.</p>}
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
