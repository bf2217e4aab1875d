// README style: embed images and PDF pages, copy pages, attachments.
import { PDFDocument, rgb } from "pdf-lib";

export async function embedImages(jpgImageBytes, pngImageBytes) {
  const pdfDoc = await PDFDocument.create();
  const jpgImage = await pdfDoc.embedJpg(jpgImageBytes);
  const pngImage = await pdfDoc.embedPng(pngImageBytes);
  const jpgDims = jpgImage.scale(0.5);
  const pngDims = pngImage.scale(0.5);
  const page = pdfDoc.addPage();
  page.drawImage(jpgImage, {
    x: page.getWidth() / 2 - jpgDims.width / 2,
    y: page.getHeight() / 2 - jpgDims.height / 2 + 250,
    width: jpgDims.width,
    height: jpgDims.height,
  });
  page.drawImage(pngImage, {
    x: page.getWidth() / 2 - pngDims.width / 2 + 75,
    y: page.getHeight() / 2 - pngDims.height,
    width: pngDims.width,
    height: pngDims.height,
  });
  const fitted = pngImage.scaleToFit(200, 200);
  const natural = jpgImage.size();
  return { bytes: await pdfDoc.save(), fitted, natural, ratio: jpgImage.width / jpgImage.height };
}

export async function embedPdfPages(americanFlagPdfBytes, usConstitutionPdfBytes) {
  const pdfDoc = await PDFDocument.create();
  const [americanFlag] = await pdfDoc.embedPdf(americanFlagPdfBytes);
  const usConstitutionPdf = await PDFDocument.load(usConstitutionPdfBytes);
  const preamble = await pdfDoc.embedPage(usConstitutionPdf.getPages()[1], {
    left: 55,
    bottom: 485,
    right: 300,
    top: 575,
  });
  const americanFlagDims = americanFlag.scale(0.3);
  const preambleDims = preamble.scale(2.25);
  const page = pdfDoc.addPage();
  page.drawPage(americanFlag, {
    ...americanFlagDims,
    x: page.getWidth() / 2 - americanFlagDims.width / 2,
    y: page.getHeight() - americanFlagDims.height - 150,
  });
  page.drawPage(preamble, { ...preambleDims, x: 20, y: 20 });
  return pdfDoc.save();
}

export async function copyPages(firstDonorPdfBytes, secondDonorPdfBytes) {
  const pdfDoc = await PDFDocument.create();
  const firstDonorPdfDoc = await PDFDocument.load(firstDonorPdfBytes);
  const secondDonorPdfDoc = await PDFDocument.load(secondDonorPdfBytes);
  const [firstDonorPage] = await pdfDoc.copyPages(firstDonorPdfDoc, [0]);
  const [secondDonorPage] = await pdfDoc.copyPages(secondDonorPdfDoc, [742]);
  pdfDoc.addPage(firstDonorPage);
  pdfDoc.insertPage(0, secondDonorPage);
  const copy = await pdfDoc.copy();
  copy.setTitle("A copy");
  return pdfDoc.save();
}

export async function attachFiles(jpgAttachmentBytes) {
  const pdfDoc = await PDFDocument.create();
  await pdfDoc.attach(jpgAttachmentBytes, "cat_riding_unicorn.jpg", {
    mimeType: "image/jpeg",
    description: "Cool cat riding a unicorn!",
    creationDate: new Date("2019/12/01"),
    modificationDate: new Date("2020/04/19"),
  });
  const page = pdfDoc.addPage();
  page.drawText("This PDF has an attachment", { x: 135, y: 415, color: rgb(0, 0, 0) });
  pdfDoc.addJavaScript("main", 'console.show(); console.println("Hello");');
  return pdfDoc.save();
}
