import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { AppShell } from "~/components/shell/app-shell";
import { getShellData } from "~/queries/shell.server";

/** The authenticated shell around every signed-in page. Each page still guards itself. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await getShellData(request));
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <AppShell
      nav={data.nav}
      sidebarCollapsed={data.sidebarCollapsed}
      user={data.user}
      palette={data.palette}
      bell={data.bell}
    >
      <Outlet />
    </AppShell>
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
    <AppShell
      nav={data.nav}
      sidebarCollapsed={data.sidebarCollapsed}
      user={data.user}
      palette={data.palette}
      bell={data.bell}
    >
      <RouteErrorBoundary />
    </AppShell>
  );
}
