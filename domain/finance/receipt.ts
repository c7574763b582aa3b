import { FINANCE_MESSAGES } from "./index";

/**
 * A transaction's receipt (issue 13, part 3: "receipt (private upload: PDF or image, sniffed by
 * content)"): a PDF, PNG or JPEG judged by its content, whatever its name says, up to 10 MB.
 */
export const RECEIPT_MAX_MB = 10;
export const RECEIPT_MAX_BYTES = RECEIPT_MAX_MB * 1024 * 1024;
export const RECEIPT_ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
};

export type ReceiptCheck = { ok: true; contentType: string } | { ok: false; message: string };

/** `sniffed` is file-type's name for the content (undefined when it has no known signature). */
export function checkReceipt(file: {
  size: number;
  sniffed: string | undefined;
  truncated: boolean;
}): ReceiptCheck {
  if (file.truncated || file.size > RECEIPT_MAX_BYTES)
    return { ok: false, message: FINANCE_MESSAGES.receiptSize };
  const contentType = file.sniffed ? CONTENT_TYPES[file.sniffed] : undefined;
  if (!contentType || file.size === 0) return { ok: false, message: FINANCE_MESSAGES.receiptType };
  return { ok: true, contentType };
}
