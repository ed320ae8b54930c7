/**
 * Test helper: an independent reader (pdfjs-dist, legacy build for Node) to read back what we write.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfjsAttachments(bytes: Uint8Array): Promise<Record<string, Uint8Array>> {
  const doc = await getDocument({ data: Uint8Array.from(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const found = ((await doc.getAttachments()) ?? {}) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    return Object.fromEntries(Object.values(found).map((a) => [a.filename, a.content]));
  } finally {
    await doc.destroy();
  }
}

/** The text of every page, item strings joined, empty items dropped. */
export async function pdfjsText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: Uint8Array.from(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((s) => s !== '')
          .join(' '),
      );
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

export async function pdfjsMetadata(
  bytes: Uint8Array,
): Promise<{ info: Record<string, unknown>; xmp: string | null }> {
  const doc = await getDocument({ data: Uint8Array.from(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const meta = await doc.getMetadata();
    return { info: meta.info as Record<string, unknown>, xmp: meta.metadata ? meta.metadata.getRaw() : null };
  } finally {
    await doc.destroy();
  }
}
