import {
  fillPlaceholders,
  LEGAL_LIMITS,
  LEGAL_MESSAGES,
  templateDocument,
  templateFileName,
} from "@domain/legal/resources";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageNotFound } from "~/auth/guards.server";
import { requireLegal } from "~/auth/legal.server";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { legalResourceView } from "~/queries/legal.server";
import { contentDisposition } from "~/storage/files.server";

/**
 * A template of Legal Resources as a plain-text (.md) download (issue 30, part 9): GET the template
 * with its placeholders; POST the Fill in form to get it with the values filled in on the server.
 * The same guard and visibility as its page (a resource one may not open is 404).
 */
async function templateOf(request: Request, slug: string | undefined) {
  const viewer = await requireLegal(request, "read");
  const view = await legalResourceView(await getDb(), (slug ?? "").slice(0, 200), {
    userId: viewer.user.id,
    reviewer: viewer.access.review,
  });
  if (view?.kind !== "template") pageNotFound();
  return view;
}

function textDownload(fileName: string, text: string) {
  return new Response(text, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const view = await templateOf(request, params.slug);
  return textDownload(templateFileName(view.slug), templateDocument(view.title, view.body));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const view = await templateOf(request, params.slug);
  const form = await readForm(request, { maxBytes: 64 * 1024 });
  const values: Record<string, string> = {};
  for (const [i, name] of view.placeholders.entries()) {
    const value = form.get(`v${i}`);
    if (typeof value !== "string") continue;
    if (value.length > LEGAL_LIMITS.placeholderValueMax) {
      return new Response(`${LEGAL_MESSAGES.placeholderValue} (${name})`, {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    values[name] = value;
  }
  const filled = fillPlaceholders(view.body, values);
  return textDownload(templateFileName(`${view.slug}-filled`), templateDocument(view.title, filled));
}
