import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { ShellFrame } from "~/components/shell/app-shell";
import { Toast } from "~/components/ui/toast";
import { getShellData } from "~/queries/shell.server";

/** The authenticated shell around every signed-in page. Each page still guards itself. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await getShellData(request));
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <ShellFrame data={data}>
      <Toast className="mx-auto mb-4 max-w-6xl" />
      <Outlet />
    </ShellFrame>
  );
}

/**
 * A signed-in page that fails without a boundary of its own (a 403, a 404, a fault): the error screen
 * inside the shell, so every page refuses alike and the navigation stays (issue 11, part 5.7). Only
 * when the shell's own data failed does the screen stand alone.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) return <RouteErrorBoundary />;
  return (
    <ShellFrame data={data}>
      <RouteErrorBoundary />
    </ShellFrame>
  );
}
