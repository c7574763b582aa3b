import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireFinance } from "~/auth/finance.server";
import { pageNotFound } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { findTransaction } from "~/queries/finance.server";
import { openStoredFile, privateDownload } from "~/storage/files.server";

const ParamsSchema = z.object({ id: z.string().uuid() });

/**
 * Streams a transaction's receipt from private storage (issue 13, part 3) to the board members and
 * managers of its association; anyone else, or a transaction without a receipt, gets 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireFinance(request);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) pageNotFound();
  const transaction = await findTransaction(await getDb(), viewer.association.id, parsed.data.id);
  if (!transaction?.receiptKey || !transaction.receiptFileName || !transaction.receiptContentType)
    pageNotFound();
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(transaction.receiptKey);
  } catch {
    pageNotFound();
  }
  return privateDownload(file, {
    fileName: transaction.receiptFileName,
    contentType: transaction.receiptContentType,
  });
}
