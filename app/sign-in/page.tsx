import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return (
    <div className="mx-auto mt-16 max-w-sm">
      <h1 className="mb-2 text-2xl font-semibold">Sign in to Patchbay</h1>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        Paste an API token. An admin can mint one on the tokens page or with <code>npm run patchbay -- token create</code>.
      </p>
      <SignInForm next={next ?? "/mcp-servers"} />
    </div>
  );
}
