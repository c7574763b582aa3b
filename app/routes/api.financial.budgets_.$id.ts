import { voidBudget } from "~/commands/finance.server";
import { deleteOnlyLoader, voidRecordAction } from "./api.financial.records.server";

/** DELETE /api/financial/budgets/{id}: voids the record (api.financial.records.server.ts). */
export const action = voidRecordAction(voidBudget);
export const loader = deleteOnlyLoader;
