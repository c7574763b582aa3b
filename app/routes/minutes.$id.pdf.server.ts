import PDFDocument from "pdfkit";

export interface MinutesPdfInput {
  association: string;
  title: string;
  when: string;
  location: string | null;
  meetingUrl: string | null;
  approvedOn: string | null;
  content: string;
  /** The quorum line (domain/meeting quorumLine): board members present of the board's seats. */
  quorum: string;
  present: string[];
  absent: string[];
  excused: string[];
  /** Invited attendees whose attendance was not recorded. */
  notRecorded: string[];
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

/**
 * Approved minutes as a PDF (pdfkit, its built-in Helvetica): heading with the time and place, the
 * attendance and the quorum (issue 26), then the text, motions and action items.
 */
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
    if (m.location) doc.text(`Location: ${m.location}`);
    if (m.meetingUrl) doc.text(`Online: ${m.meetingUrl}`);
    if (m.approvedOn) doc.text(`Approved on ${m.approvedOn}`);
    doc.moveDown().fontSize(13).fillColor("#0f172a").text("Attendance");
    doc.moveDown(0.3).fontSize(11).text(m.quorum);
    const names = (list: string[]) => (list.length > 0 ? list.join(", ") : "None");
    doc.text(`Present: ${names(m.present)}`);
    doc.text(`Absent: ${names(m.absent)}`);
    if (m.excused.length > 0) doc.text(`Excused: ${names(m.excused)}`);
    if (m.notRecorded.length > 0) doc.text(`Attendance not recorded: ${names(m.notRecorded)}`);
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
