import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import { documentFor, type ReportDocumentRequest } from './documents';

// pdfmake on the server (issue #19): Roboto from pdfmake's own package, no URL ever fetched and no
// file read but those fonts (its URL and local access policies), so a document can reach nothing.

const require = createRequire(import.meta.url);
const FONTS_DIR = path.join(path.dirname(require.resolve('pdfmake/fonts/Roboto.js')), 'Roboto');

pdfmake.setFonts({
  Roboto: {
    normal: path.join(FONTS_DIR, 'Roboto-Regular.ttf'),
    bold: path.join(FONTS_DIR, 'Roboto-Medium.ttf'),
    italics: path.join(FONTS_DIR, 'Roboto-Italic.ttf'),
    bolditalics: path.join(FONTS_DIR, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file: string) => path.resolve(file).startsWith(FONTS_DIR + path.sep));

export interface RenderedPdf {
  bytes: Uint8Array;
  pages: number;
}

/** How many pages a PDF of ours has: its page objects (dictionaries are written uncompressed). */
export const pdfPageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('latin1')
      .match(/\/Type \/Page[^s]/g) ?? []
  ).length;

/** The request's document rendered (in whichever thread calls it; the server calls it through pdf-thread.ts). */
export async function renderReport(request: ReportDocumentRequest): Promise<RenderedPdf> {
  const buffer: Buffer = await pdfmake.createPdf(documentFor(request)).getBuffer();
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return { bytes, pages: pdfPageCount(bytes) };
}
