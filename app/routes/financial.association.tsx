import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminChooser } from "~/components/finance/layout";
import { chooseAssociationAction, chooserLoader } from "./financial.association.server";

export const meta: MetaFunction = () => [
  { title: "Choose an association · Financials · Association Commons" },
];

/**
 * /financial/association: where the financials' administrator chooser posts (its loader and action
 * are in financial.association.server.ts). A plain GET goes to /financials. The page shows when a
 * choice was refused without JavaScript: the chooser again, its error beside the select (with
 * JavaScript the chooser posts with a fetcher and shows the error where it stands).
 */
export const loader = ({ request }: LoaderFunctionArgs) => chooserLoader(request);

export const action = ({ request }: ActionFunctionArgs) => chooseAssociationAction(request);

export default function ChooseAssociation() {
  const { chooser } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-3xl font-semibold">Financials</h1>
      <p className="mt-2 text-sm">As an administrator you may open the books of any association.</p>
      <AdminChooser chooser={chooser} lastResult={refused?.result} />
      <Link to="/financials" className="text-sm text-blue-700 underline dark:text-blue-400">
        Back to the financials
      </Link>
    </main>
  );
}
