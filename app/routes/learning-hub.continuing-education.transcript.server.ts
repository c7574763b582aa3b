import { CE_SUBJECT_LABELS, formatCeDate, formatHours } from "@domain/learning/continuing-education";
import PDFDocument from "pdfkit";
import type { CeLicenceView } from "~/queries/learning-ce.server";

/**
 * A continuing-education transcript as a PDF (pdfkit, its built-in Helvetica, as the minutes' PDF):
 * per licence, every period shown on the page with its hours per subject against the requirement and
 * the courses that earned them.
 */
export function renderCeTranscriptPdf(input: {
  holder: string;
  generatedOn: string;
  licences: CeLicenceView[];
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: 56,
      info: { Title: `Continuing education transcript: ${input.holder}`, Author: "Association Commons" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(10).fillColor("#475569").text("Association Commons");
    doc.moveDown(0.3).fontSize(18).fillColor("#0f172a").text("Continuing Education Transcript");
    doc.moveDown(0.2).fontSize(11).fillColor("#334155").text(input.holder);
    doc.text(`Generated on ${formatCeDate(input.generatedOn)}`);
    for (const l of input.licences) {
      doc.moveDown().fontSize(14).fillColor("#0f172a").text(`${l.shortName}: ${l.typeName}`);
      doc
        .fontSize(10)
        .fillColor("#334155")
        .text(`Licence ${l.licenceNumber}${l.anchorDate ? `, since ${formatCeDate(l.anchorDate)}` : ""}`);
      for (const p of l.periods) {
        const t = p.tally;
        doc.moveDown(0.6).fontSize(12).fillColor("#0f172a");
        doc.text(`Period ${formatCeDate(p.start)} to ${formatCeDate(p.end)}${p.current ? " (current)" : ""}`);
        doc
          .fontSize(10)
          .fillColor("#334155")
          .text(
            `Total: ${formatHours(t.totalAppliedTenths)} of ${formatHours(t.totalRequiredTenths)} hours` +
              `${t.totalEarnedTenths > t.totalAppliedTenths ? ` (${formatHours(t.totalEarnedTenths)} earned)` : ""}` +
              `${t.met ? ", requirement met" : ""}${p.current ? `, ${p.daysLeftLabel.toLowerCase()}` : ""}`,
          );
        for (const r of t.rows)
          doc.text(
            `${r.label}: ${formatHours(r.earnedTenths)} earned of ${formatHours(r.requiredTenths)} required`,
          );
        if (p.courses.length === 0) doc.text("No course completed in this period.");
        for (const c of p.courses)
          doc.text(
            `${formatCeDate(c.completedOn)}  ${c.title}: ${c.credits
              .map((x) => `${formatHours(x.tenths)} h ${CE_SUBJECT_LABELS[x.subject]}`)
              .join(", ")}`,
          );
      }
    }
    if (input.licences.length === 0) doc.moveDown().fontSize(11).text("No licence recorded.");
    doc.end();
  });
}
