import PDFDocument from "pdfkit";

export interface MinutesPdfInput {
  association: string;
  title: string;
  when: string;
  approvedOn: string | null;
  content: string;
  present: string[];
  motions: {
    motion: string;
    movedBy: string;
    secondedBy: string;
    votesFor: number;
    votesAgainst: number;
    votesAbstain: number;
    resultLabel: string;
  }[];
  actionItems: { description: string; assigneeName: string; dueDate: string; statusLabel: string }[];
}

/** Approved minutes as a PDF (pdfkit, its built-in Helvetica): heading, text, motions, action items. */
export function renderMinutesPdf(m: MinutesPdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: 56,
      info: { Title: `Minutes: ${m.title}`, Author: m.association },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(10).fillColor("#475569").text(m.association);
    doc.moveDown(0.3).fontSize(18).fillColor("#0f172a").text(`Minutes: ${m.title}`);
    doc.moveDown(0.2).fontSize(10).fillColor("#334155").text(m.when);
    if (m.approvedOn) doc.text(`Approved on ${m.approvedOn}`);
    if (m.present.length > 0) doc.text(`Present: ${m.present.join(", ")}`);
    doc.moveDown().fontSize(13).fillColor("#0f172a").text("Minutes");
    doc.moveDown(0.3).fontSize(11).text(m.content, { align: "left" });
    doc.moveDown().fontSize(13).text("Motions");
    doc.fontSize(11);
    if (m.motions.length === 0) doc.moveDown(0.3).text("No motions recorded.");
    for (const x of m.motions) {
      doc.moveDown(0.3).text(`${x.motion} (${x.resultLabel})`);
      doc
        .fontSize(9)
        .fillColor("#475569")
        .text(
          `Moved by ${x.movedBy}, seconded by ${x.secondedBy}. For ${x.votesFor}, against ${x.votesAgainst}, abstain ${x.votesAbstain}.`,
        )
        .fontSize(11)
        .fillColor("#0f172a");
    }
    doc.moveDown().fontSize(13).text("Action items");
    doc.fontSize(11);
    if (m.actionItems.length === 0) doc.moveDown(0.3).text("No action items.");
    for (const a of m.actionItems)
      doc.moveDown(0.3).text(`${a.description}: ${a.assigneeName}, due ${a.dueDate} (${a.statusLabel})`);
    doc.end();
  });
}
