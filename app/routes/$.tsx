import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { getSessionUser } from "~/auth/session.server";
import { PageNotFound } from "~/components/errors/error-screens";
import { GuestLayout } from "~/components/marketing/guest-layout";
import { ShellFrame } from "~/components/shell/app-shell";
import { getShellData, type ShellData } from "~/queries/shell.server";

export const meta: MetaFunction = () => [{ title: "Page not found · Association Commons" }];

/**
 * Any address no route knows (issue 11, part 4.4 f): 404 "Page not found", inside the app shell for a
 * signed-in person and inside the guest layout for everyone else, instead of a bare page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request).catch(() => null);
  let shell: ShellData | null = null;
  if (user) {
    shell = await getShellData(request).catch((error: unknown) => {
      // A person without a profile yet (or a database fault) still gets the plain not-found page.
      if (error instanceof Response || isRouteErrorResponse(error)) return null;
      throw error;
    });
  }
  return json({ shell, signedIn: user !== null }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

export default function NotFoundPage() {
  const { shell, signedIn } = useLoaderData<typeof loader>();
  if (!shell) {
    return (
      <GuestLayout signedIn={signedIn}>
        <PageNotFound home={signedIn ? "/dashboard" : "/"} />
      </GuestLayout>
    );
  }
  return (
    <ShellFrame data={shell}>
      <PageNotFound />
    </ShellFrame>
  );
}
