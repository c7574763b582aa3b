import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** The wizard's errors: 403 and 404 with the specification's messages, anything else generically. */
export function WizardErrorBoundary() {
  const error = useRouteError();
  let title = "Something went wrong";
  let detail = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === "object" && error.data && "error" in error.data
        ? String((error.data as { error: unknown }).error)
        : typeof error.data === "string"
          ? error.data
          : null;
    if (error.status === 404) {
      title = "RFP not found";
      detail = "This RFP does not exist or has been deleted.";
    } else if (error.status === 403) {
      title = "Not allowed";
      detail = message ?? "You do not have permission to do this.";
    }
  }
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{detail}</p>
      <Link to="/dashboard" className="text-blue-700 underline dark:text-blue-300">
        Back to the dashboard
      </Link>
    </div>
  );
}
