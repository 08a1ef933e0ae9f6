"use client";

import { useEffect, useRef } from "react";

import { Button } from "@/components/ui/button";
import { isProblem } from "@/lib/query/fetch-json";
import { useSignIn, useSignInPreview } from "@/lib/query/session";

type SignInLinkProps = { token: string; next: string; signedInAs: string | null; onDismiss: () => void };

/**
 * A sign-in link (`/sign-in#token=…`) asks before it signs in (DESIGN §14): anyone can send someone a link, and a
 * link that signed in by itself would put the visitor into the sender's account (login CSRF), replacing their own
 * session. The page names the token (POST /api/session/preview, throttled like a sign-in) and, when a session
 * exists, whose session would be replaced; nothing is signed in until the person presses "Sign in as <name>".
 */
export function SignInLink({ token, next, signedInAs, onDismiss }: SignInLinkProps) {
  const preview = useSignInPreview();
  const session = useSignIn();
  const asked = useRef(false);

  useEffect(() => {
    // Once per link: a second lookup of a wrong token would count as a second failed attempt.
    if (asked.current) return;
    asked.current = true;
    preview.mutate(token);
  }, [preview, token]);

  if (preview.error) {
    const reason = isProblem(preview.error, 401) ? "The token in this link is unknown, revoked or expired."
      : isProblem(preview.error, 429) ? "Too many failed sign-ins from this address; try again in a minute."
        : "The link could not be checked; try again.";
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">{reason}</p>
        <Button onClick={onDismiss}>Sign in with a token instead</Button>
      </div>
    );
  }
  if (!preview.data) return <p role="status" className="text-sm text-slate-600 dark:text-slate-400">Checking the sign-in link…</p>;

  const { name } = preview.data;
  const failed = session.error && (isProblem(session.error, 401) ? "That token is unknown, revoked or expired." : "Signing in failed; try again.");
  return (
    <section aria-label="Sign-in link" className="space-y-4">
      {signedInAs && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          You are signed in as <strong>{signedInAs}</strong>. Signing in with this link replaces that session in this browser.
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        This link signs in with the token <strong>{name}</strong>. Continue only if you opened a link you expected.
      </p>
      {failed && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{failed}</p>}
      <div className="flex gap-2">
        <Button variant="primary" disabled={session.isPending} onClick={() => session.mutate(token, { onSuccess: () => window.location.assign(next) })}>
          {session.isPending ? "Signing in…" : `Sign in as ${name}`}
        </Button>
        <Button onClick={onDismiss}>Cancel</Button>
      </div>
    </section>
  );
}
