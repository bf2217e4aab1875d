// README style: create and modify documents with pdf-lib.
import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { readFile, writeFile } from "node:fs/promises";

export async function createDocument(outPath) {
  const pdfDoc = await PDFDocument.create();
  const timesRomanFont = await pdfDoc.embedFont(StandardFonts.TimesRoman);
  const page = pdfDoc.addPage();
  const { width, height } = page.getSize();
  const fontSize = 30;
  page.drawText("Creating PDFs in JavaScript is awesome!", {
    x: 50,
    y: height - 4 * fontSize,
    size: fontSize,
    font: timesRomanFont,
    color: rgb(0, 0.53, 0.71),
  });
  page.drawLine({ start: { x: 50, y: height - 140 }, end: { x: width - 50, y: height - 140 }, thickness: 2 });
  const pdfBytes = await pdfDoc.save();
  await writeFile(outPath, pdfBytes);
  return pdfBytes.length;
}

export async function modifyDocument(inPath, outPath) {
  const existingPdfBytes = await readFile(inPath);
  const pdfDoc = await PDFDocument.load(existingPdfBytes);
  const helveticaFont = await pdfDoc.embedFont(StandardFonts.Helvetica);
  const pages = pdfDoc.getPages();
  const firstPage = pages[0];
  const { width, height } = firstPage.getSize();
  firstPage.drawText("This text was added with JavaScript!", {
    x: 5,
    y: height / 2 + 300,
    size: 50,
    font: helveticaFont,
    color: rgb(0.95, 0.1, 0.1),
    rotate: degrees(-45),
  });
  firstPage.setRotation(degrees(90));
  const rotation = firstPage.getRotation().angle;
  const count = pdfDoc.getPageCount();
  const last = pdfDoc.getPage(count - 1);
  last.drawRectangle({ x: 10, y: 10, width: width - 20, height: 40, borderColor: rgb(1, 0, 0), borderWidth: 1.5 });
  last.setSize(last.getWidth() + 50, last.getHeight() + 100);
  last.translateContent(25, 50);
  const inserted = pdfDoc.insertPage(0, [595.28, 841.89]);
  inserted.drawCircle({ x: 200, y: 150, size: 100, color: rgb(0.2, 0.4, 0.6) });
  inserted.drawEllipse({ x: 200, y: 400, xScale: 120, yScale: 50 });
  inserted.drawSquare({ x: 300, y: 300, size: 40 });
  inserted.moveTo(72, 720);
  inserted.drawText("Moved", { size: 12 });
  inserted.moveDown(24);
  inserted.setFontSize(10);
  inserted.setLineHeight(14);
  pdfDoc.removePage(pdfDoc.getPageCount() - 1);
  await writeFile(outPath, await pdfDoc.save({ useObjectStreams: false }));
  return { rotation, pages: pdfDoc.getPageIndices() };
}

export async function saveBase64() {
  const pdfDoc = await PDFDocument.create();
  const page = pdfDoc.addPage([350, 400]);
  page.moveTo(110, 200);
  page.drawText("Hello World!");
  const pdfDataUri = await pdfDoc.saveAsBase64({ dataUri: true });
  return pdfDataUri;
}
