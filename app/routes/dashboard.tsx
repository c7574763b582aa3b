import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Logo } from "~/components/ui/logo";

export const meta: MetaFunction = () => [{ title: "Dashboard · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ name: user.fullName?.trim() || user.email });
}

export default function Dashboard() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-full">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <Link to="/dashboard">
            <Logo compact />
          </Link>
          <Form method="post" action="/auth/sign-out">
            <Button variant="secondary">Sign Out</Button>
          </Form>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-semibold text-slate-900 [overflow-wrap:anywhere]">Welcome, {name}</h1>
        <p className="mt-2 text-slate-600">You are signed in.</p>
      </main>
    </div>
  );
}
