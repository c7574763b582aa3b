import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { createFolder, uploadDocument } from "../app/commands/documents.server";
import { storeStream } from "../app/storage/files.server";
import type { DocumentCategory, DocumentVisibility } from "../domain/documents";
import { LIBRARY_MAX_BYTES } from "../domain/documents";
import type { Database } from "./client";
import { associationDocuments, documentFolders } from "./schema";
import { DEMO_ASSOCIATIONS } from "./seed-associations";

/**
 * The demo document libraries (README, "Documents"): small real PDFs made at seed time with pdfkit,
 * in folders, uploaded through the app's own commands into private storage. Documents are matched by
 * association and title and folders by name, so seeding twice changes nothing.
 */

interface DemoDocument {
  title: string;
  fileName: string;
  category: DocumentCategory;
  visibility: DocumentVisibility;
  folder: string | null;
  vendors?: string[];
  lines: string[];
}

const BAYVIEW: DemoDocument[] = [
  {
    title: "Declaration of Condominium",
    fileName: "declaration-of-condominium.pdf",
    category: "declaration",
    visibility: "members",
    folder: "Governing documents",
    lines: [
      "Article I. Submission to condominium ownership.",
      "The developer submits the land and improvements known as Bayview Towers to the condominium form of ownership.",
      "Article II. Units, common elements and shares of common expenses.",
    ],
  },
  {
    title: "Bylaws",
    fileName: "bylaws.pdf",
    category: "bylaws",
    visibility: "members",
    folder: "Governing documents",
    lines: [
      "Article III. Board of directors: five directors elected by the unit owners for two-year terms.",
      "Article IV. Meetings: a majority of the board constitutes a quorum.",
    ],
  },
  {
    title: "2026 Operating Budget",
    fileName: "2026-operating-budget.pdf",
    category: "budgets",
    visibility: "board",
    folder: "Finance",
    lines: [
      "Operating fund: $1,248,000. Reserve contributions: $312,000.",
      "Insurance: $402,000. Maintenance and repairs: $188,000. Management: $96,000.",
    ],
  },
  {
    title: "Certificate of Insurance 2026",
    fileName: "certificate-of-insurance-2026.pdf",
    category: "insurance",
    visibility: "vendors",
    folder: "Insurance",
    vendors: ["vendor@demo.test"],
    lines: [
      "Named insured: Bayview Towers Condominium Association.",
      "General liability: $2,000,000 each occurrence. Policy period: January 1 to December 31, 2026.",
      "Vendors working on the property may rely on this certificate.",
    ],
  },
];

const OAK_HOLLOW: DemoDocument[] = [
  {
    title: "Declaration of Covenants",
    fileName: "declaration-of-covenants.pdf",
    category: "declaration",
    visibility: "members",
    folder: "Governing documents",
    lines: [
      "Covenants, conditions and restrictions for Oak Hollow.",
      "Architectural review before exterior changes.",
    ],
  },
];

/** A one-page PDF with a title and a few paragraphs. */
function makePdf(title: string, association: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 72, info: { Title: title, Author: association } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(18).text(title);
    doc.moveDown(0.5).fontSize(11).fillColor("#555555").text(association);
    doc.moveDown().fillColor("#000000").fontSize(12);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

async function ensureFolder(db: Database, associationId: string, actorId: string, name: string) {
  const [existing] = await db
    .select({ id: documentFolders.id })
    .from(documentFolders)
    .where(and(eq(documentFolders.associationId, associationId), eq(documentFolders.name, name)));
  if (existing) return existing.id;
  const created = await createFolder(db, { associationId, actorId, name, parentId: null });
  if (!created.ok) throw new Error(`demo folder ${name}: ${created.message}`);
  return created.folderId;
}

async function seedLibrary(
  db: Database,
  associationId: string,
  associationName: string,
  actorId: string,
  documents: DemoDocument[],
) {
  for (const demo of documents) {
    const [existing] = await db
      .select({ id: associationDocuments.id })
      .from(associationDocuments)
      .where(
        and(
          eq(associationDocuments.associationId, associationId),
          eq(associationDocuments.title, demo.title),
        ),
      );
    if (existing) continue;
    const folderId = demo.folder ? await ensureFolder(db, associationId, actorId, demo.folder) : null;
    const bytes = await makePdf(demo.title, associationName, demo.lines);
    const stored = await storeStream("association-documents", Readable.from([bytes]), LIBRARY_MAX_BYTES);
    const outcome = await uploadDocument(db, {
      associationId,
      actorId,
      file: { ...stored, name: demo.fileName },
      title: demo.title,
      category: demo.category,
      visibility: demo.visibility,
      vendorEmails: demo.vendors ?? [],
      folderId,
    });
    if (!outcome.ok) throw new Error(`demo document ${demo.title}: ${outcome.message}`);
  }
}

export async function seedDocuments(
  db: Database,
  ids: Map<string, string>,
  associations: Map<string, string>,
) {
  const bayview = associations.get(DEMO_ASSOCIATIONS.bayview);
  const secretary = ids.get("secretary@demo.test") ?? ids.get("board@demo.test");
  if (bayview && secretary) await seedLibrary(db, bayview, DEMO_ASSOCIATIONS.bayview, secretary, BAYVIEW);
  const oakHollow = associations.get(DEMO_ASSOCIATIONS.oakHollow);
  const manager = ids.get("manager@demo.test");
  if (oakHollow && manager)
    await seedLibrary(db, oakHollow, DEMO_ASSOCIATIONS.oakHollow, manager, OAK_HOLLOW);
}
