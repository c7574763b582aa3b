import { json } from "@remix-run/node";
import { tabOfPath } from "~/components/finance/links";
import * as layout from "~/routes/_app.financials";
import * as overview from "~/routes/_app.financials._index";
import * as budgets from "~/routes/_app.financials.budgets";
import * as expenses from "~/routes/_app.financials.expenses";
import * as reports from "~/routes/_app.financials.reports";
import * as reserves from "~/routes/_app.financials.reserves";

/**
 * The /financials routes (issue 27, part 4: a layout and one nested route per tab) called as Remix
 * calls them for a URL, for the integration tests: GET runs the layout's and the tab's loaders side by
 * side and answers with their data merged (a redirect, then any other thrown or non-2xx answer, wins);
 * POST goes to the action of the tab the path names (/financials: the Overview, as its forms post to
 * /financials?index).
 */
export const TAB_ROUTES = { overview, budgets, expenses, reserves, reports } as const;

// biome-ignore lint/suspicious/noExplicitAny: the route functions' arguments, as the tests build them
type Args = any;

const tabRoute = (request: Request) => TAB_ROUTES[tabOfPath(new URL(request.url).pathname)];

async function settle(run: () => Promise<unknown>) {
  try {
    return { ok: true as const, value: await run() };
  } catch (thrown) {
    return { ok: false as const, value: thrown };
  }
}

const isRedirect = (value: unknown) => value instanceof Response && value.status >= 300 && value.status < 400;

export async function loader(args: Args) {
  const tab = tabRoute(args.request);
  const [outer, inner] = await Promise.all([
    settle(() => layout.loader(args)),
    settle(() => tab.loader(args)),
  ]);
  const answers = [outer, inner];
  const redirectTo = answers.find((a) => isRedirect(a.value));
  if (redirectTo) throw redirectTo.value;
  for (const a of answers) if (!a.ok) throw a.value;
  for (const a of answers) if (a.value instanceof Response && a.value.status >= 400) throw a.value;
  const data = async (value: unknown) => (value instanceof Response ? await value.clone().json() : value);
  return json({ ...(await data(outer.value)), ...(await data(inner.value)) });
}

export function action(args: Args) {
  const tab = tabRoute(args.request);
  if (!("action" in tab)) throw new Response(null, { status: 405 });
  return tab.action(args);
}
