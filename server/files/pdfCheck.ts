import { PDFDocument } from 'pdf-lib';

const PDF_CONTENT_TYPE = 'application/pdf';

/** A file that claims to be a PDF: named `*.pdf` (any letter case), or sent as `application/pdf`. */
export function claimsPdf(file: { name: string; contentType: string | null }): boolean {
  return file.name.toLowerCase().endsWith('.pdf') || file.contentType?.split(';')[0].trim().toLowerCase() === PDF_CONTENT_TYPE;
}

/**
 * Whether a file that claims to be a PDF does not parse as one (an item attachment's `CorruptPDF`, docs/decisions.md
 * "Item attachments"): pdf-lib — the library that later merges attachments into report PDFs — must load it
 * (encrypted documents are read without their password) and read its page tree. A file that does not claim to be a PDF is
 * never corrupt.
 */
export async function isCorruptPdf(file: { name: string; contentType: string | null; content: Uint8Array }): Promise<boolean> {
  if (!claimsPdf(file)) return false;
  try {
    const document = await PDFDocument.load(file.content, { ignoreEncryption: true, updateMetadata: false });
    // Reading the page tree: a document whose catalog or pages cannot be found is corrupt too.
    document.getPageCount();
    return false;
  } catch {
    return true;
  }
}
