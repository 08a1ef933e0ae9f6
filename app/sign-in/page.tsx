import { SignInForm } from "@/components/auth/sign-in-form";
import { SingleSignOnButton } from "@/components/auth/single-sign-on-button";
import { getPagePrincipal } from "@/lib/auth/page-principal";
import { sanitizeNext } from "@/lib/auth/safe-next";
import { singleSignOn } from "@/lib/people/identity-provider";

export const metadata = { title: "Sign in" };

type SearchParams = { next?: string | string[]; sso?: string | string[] };

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [{ next, sso }, principal] = await Promise.all([searchParams, getPagePrincipal()]);
  // `?next=` is anyone's to write: only a path on this site survives (an array, from `?next=a&next=b`, does not).
  const safeNext = sanitizeNext(typeof next === "string" ? next : undefined);
  const hasSingleSignOn = singleSignOn() !== null;
  return (
    <div className="mx-auto mt-16 max-w-sm">
      <h1 className="mb-2 text-2xl font-semibold">Sign in to Patchbay</h1>
      {hasSingleSignOn && <SingleSignOnButton next={safeNext} failure={typeof sso === "string" ? sso : undefined} />}
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        {hasSingleSignOn ? "Or paste an API token (for machines and break-glass)." : "Paste an API token."} An admin can mint one on the tokens page or
        with <code>npm run patchbay -- token create</code>.
      </p>
      <SignInForm next={safeNext} signedInAs={principal.via === "cookie" ? principal.name : null} />
    </div>
  );
}
