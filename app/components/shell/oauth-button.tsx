/**
 * "Continue with {provider}": a plain form post (a full page load, since the answer redirects to the
 * provider's site), so it works with and without JavaScript.
 */
export function OAuthButton({ name, redirectTo = "" }: { name: string; redirectTo?: string }) {
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <form method="post" action="/auth/oauth" className="mt-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          className="inline-flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-500"
        >
          Continue with {name}
        </button>
      </form>
    </div>
  );
}
