// CommonJS style: require and destructuring.
const { PDFDocument, StandardFonts, rgb } = require("pdf-lib");
const fs = require("node:fs");

async function buildReport(title, lines) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Courier);
  const bold = doc.embedStandardFont(StandardFonts.CourierBold);
  let page = doc.addPage();
  page.setFont(font);
  page.setFontSize(11);
  page.setFontColor(rgb(0.1, 0.1, 0.1));
  page.drawText(title, { x: 48, y: page.getHeight() - 60, size: 18, font: bold });
  let y = page.getHeight() - 90;
  for (const line of lines) {
    if (y < 48) {
      page = doc.addPage();
      y = page.getHeight() - 48;
    }
    page.drawText(line, { x: 48, y });
    y -= 14;
  }
  doc.setTitle(title);
  doc.setCreationDate(new Date());
  const bytes = await doc.save();
  fs.writeFileSync("report.pdf", bytes);
  return doc.getPageCount();
}

module.exports = { buildReport };
