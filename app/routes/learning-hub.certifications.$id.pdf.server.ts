import PDFDocument from "pdfkit";
import { encode } from "uqr";

export interface CertificatePdfInput {
  holderName: string;
  certificateName: string;
  displayNumber: string;
  issuedOn: string;
  /** "Never expires" or the long date. */
  expiresOn: string;
  /** The public verification page, the QR code's text. */
  verificationUrl: string;
}

/**
 * A certificate as a one-page landscape PDF (pdfkit, its built-in Helvetica; decision 077): who, what,
 * the number and dates, and a QR code to the public verification page drawn as vector squares.
 */
export function renderCertificatePdf(c: CertificatePdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      layout: "landscape",
      margin: 54,
      info: { Title: `Certificate: ${c.certificateName}`, Author: "Association Commons" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (b: Buffer) => chunks.push(b));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const width = doc.page.width;
    const height = doc.page.height;
    doc
      .lineWidth(3)
      .strokeColor("#1d4ed8")
      .rect(24, 24, width - 48, height - 48)
      .stroke();
    doc
      .lineWidth(1)
      .strokeColor("#93c5fd")
      .rect(32, 32, width - 64, height - 64)
      .stroke();
    doc
      .fillColor("#475569")
      .fontSize(12)
      .text("Association Commons Learning Hub", 54, 70, { align: "center" });
    doc
      .moveDown(0.8)
      .fillColor("#0f172a")
      .fontSize(32)
      .text("Certificate of Completion", { align: "center" });
    doc.moveDown(0.6).fillColor("#334155").fontSize(13).text("This certifies that", { align: "center" });
    doc.moveDown(0.4).fillColor("#0f172a").fontSize(26).text(c.holderName, { align: "center" });
    doc.moveDown(0.4).fillColor("#334155").fontSize(13).text("has completed the course", { align: "center" });
    doc.moveDown(0.4).fillColor("#0f172a").fontSize(18).text(c.certificateName, { align: "center" });
    const y = height - 200;
    doc.fillColor("#0f172a").fontSize(11);
    doc.text(`Certificate number: ${c.displayNumber}`, 70, y);
    doc.text(`Issued: ${c.issuedOn}`, 70, y + 18);
    doc.text(`Expires: ${c.expiresOn}`, 70, y + 36);
    doc
      .fillColor("#475569")
      .fontSize(9)
      .text("Verify at:", 70, y + 62);
    doc.text(c.verificationUrl, 70, y + 74, { width: width - 320 });
    // The QR code: one filled square per dark module, with its quiet zone from uqr's border.
    const qr = encode(c.verificationUrl, { ecc: "M", border: 2 });
    const size = 120;
    const module = size / qr.size;
    const left = width - 70 - size;
    const top = height - 70 - size;
    doc.rect(left, top, size, size).fill("#ffffff");
    for (const [row, cells] of qr.data.entries())
      for (const [col, dark] of cells.entries())
        if (dark) doc.rect(left + col * module, top + row * module, module, module);
    doc.fill("#000000");
    doc.end();
  });
}
