import { voidTransaction } from "~/commands/finance.server";
import { deleteOnlyLoader, voidRecordAction } from "./api.financial.records.server";

/** DELETE /api/financial/transactions/{id}: voids the record (api.financial.records.server.ts). */
export const action = voidRecordAction(voidTransaction);
export const loader = deleteOnlyLoader;
