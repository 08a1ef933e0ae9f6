import { SignInForm } from "@/components/auth/sign-in-form";
import { getPagePrincipal } from "@/lib/auth/page-principal";
import { sanitizeNext } from "@/lib/auth/safe-next";

export const metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const [{ next }, principal] = await Promise.all([searchParams, getPagePrincipal()]);
  // `?next=` is anyone's to write: only a path on this site survives (an array, from `?next=a&next=b`, does not).
  return (
    <div className="mx-auto mt-16 max-w-sm">
      <h1 className="mb-2 text-2xl font-semibold">Sign in to Patchbay</h1>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        Paste an API token. An admin can mint one on the tokens page or with <code>npm run patchbay -- token create</code>.
      </p>
      <SignInForm next={sanitizeNext(typeof next === "string" ? next : undefined)} signedInAs={principal.via === "cookie" ? principal.name : null} />
    </div>
  );
}
