// README style: document metadata and viewer preferences.
import { PDFDocument, StandardFonts, NonFullScreenPageMode, ReadingDirection, PrintScaling, Duplex } from "pdf-lib";

export async function setMetadata() {
  const pdfDoc = await PDFDocument.create();
  const timesRomanFont = await pdfDoc.embedFont(StandardFonts.TimesRoman);
  const page = pdfDoc.addPage([500, 600]);
  page.setFont(timesRomanFont);
  page.drawText("The Life of an Egg", { x: 60, y: 500, size: 50 });
  pdfDoc.setTitle("The Life of an Egg");
  pdfDoc.setAuthor("Humpty Dumpty");
  pdfDoc.setSubject("An Epic Tale of Woe");
  pdfDoc.setKeywords(["eggs", "wall", "fall", "king", "horses", "men"]);
  pdfDoc.setProducer("PDF App 9000");
  pdfDoc.setCreator("pdf-lib");
  pdfDoc.setLanguage("en-us");
  pdfDoc.setCreationDate(new Date("2018-06-24T01:58:37.228Z"));
  pdfDoc.setModificationDate(new Date("2019-12-21T07:00:11.000Z"));
  return pdfDoc.save();
}

export async function readMetadata(existingPdfBytes) {
  const pdfDoc = await PDFDocument.load(existingPdfBytes, { updateMetadata: false });
  return {
    title: pdfDoc.getTitle(),
    author: pdfDoc.getAuthor(),
    subject: pdfDoc.getSubject(),
    creator: pdfDoc.getCreator(),
    keywords: pdfDoc.getKeywords(),
    producer: pdfDoc.getProducer(),
    created: pdfDoc.getCreationDate(),
    modified: pdfDoc.getModificationDate(),
    encrypted: pdfDoc.isEncrypted,
  };
}

export async function viewerPreferences() {
  const pdfDoc = await PDFDocument.create();
  const font = await pdfDoc.embedFont(StandardFonts.Helvetica);
  const page = pdfDoc.addPage();
  page.drawText("Viewer preferences", { font, size: 24 });
  const viewerPrefs = pdfDoc.catalog.getOrCreateViewerPreferences();
  viewerPrefs.setHideToolbar(true);
  viewerPrefs.setHideMenubar(true);
  viewerPrefs.setHideWindowUI(true);
  viewerPrefs.setFitWindow(true);
  viewerPrefs.setCenterWindow(true);
  viewerPrefs.setDisplayDocTitle(true);
  viewerPrefs.setNonFullScreenPageMode(NonFullScreenPageMode.UseOutlines);
  viewerPrefs.setReadingDirection(ReadingDirection.R2L);
  viewerPrefs.setPrintScaling(PrintScaling.None);
  viewerPrefs.setDuplex(Duplex.DuplexFlipLongEdge);
  viewerPrefs.setPickTrayByPDFSize(true);
  viewerPrefs.setNumCopies(2);
  const hidden = viewerPrefs.getHideToolbar();
  const direction = viewerPrefs.getReadingDirection();
  return { bytes: await pdfDoc.save(), hidden, direction };
}
