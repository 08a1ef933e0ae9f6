/** Why the last single sign-on did not finish, by the reason the callback names (lib/people/sso-flow.ts). */
const FAILURES: Record<string, string> = {
  refused: "The identity provider did not sign you in (you, or it, declined).",
  "no-role": "The identity provider signed you in, but none of your groups is given a role in Patchbay. Ask an admin to map one (PATCHBAY_OIDC_ROLES).",
  expired: "That sign-in took too long or was started in another browser. Start again.",
  failed: "Signing in with the identity provider failed. Try again; if it goes on, an admin finds the reason in the audit log.",
};

/** DESIGN §18: people sign in with the company's identity provider; a plain link, so it works before any script. */
export function SingleSignOnButton({ next, failure }: { next: string; failure?: string }) {
  const message = failure ? FAILURES[failure] : undefined;
  return (
    <div className="mb-6 space-y-3">
      {message && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{message}</p>}
      <a
        href={`/sign-in/oidc?next=${encodeURIComponent(next)}`}
        className="block w-full rounded-md bg-indigo-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Sign in with single sign-on
      </a>
    </div>
  );
}
