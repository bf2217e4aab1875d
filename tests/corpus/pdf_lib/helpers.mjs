// Doc-comment style helpers: engine objects arrive as untyped parameters (no JSDoc types), the way
// README snippets and doc-comment examples pass them around. A type checker is blind here.
import { rgb, degrees } from "pdf-lib";

/** Draw a centred title at the top of a page. */
export function drawTitle(page, font, title, size) {
  const { width, height } = page.getSize();
  const textWidth = font.widthOfTextAtSize(title, size);
  const textHeight = font.heightAtSize(size);
  page.drawText(title, { x: (width - textWidth) / 2, y: height - textHeight - 36, size, font });
  return textHeight;
}

/** Page numbers in the bottom margin. */
export function drawFooter(page, font, pageNumber, total) {
  const label = `${pageNumber} / ${total}`;
  const labelWidth = font.widthOfTextAtSize(label, 9);
  page.drawText(label, { x: page.getWidth() - labelWidth - 36, y: 24, size: 9, font, color: rgb(0.4, 0.4, 0.4) });
  page.drawLine({ start: { x: 36, y: 36 }, end: { x: page.getWidth() - 36, y: 36 }, thickness: 0.5 });
}

/** A simple grid of text cells. */
export function drawTable(page, font, rows, top) {
  const rowHeight = font.heightAtSize(10) + 6;
  const colWidth = (page.getWidth() - 72) / rows[0].length;
  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      page.drawRectangle({ x: 36 + c * colWidth, y: top - (r + 1) * rowHeight, width: colWidth, height: rowHeight,
                           borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
      page.drawText(String(cell), { x: 40 + c * colWidth, y: top - (r + 1) * rowHeight + 4, size: 10, font });
    });
  });
  return top - rows.length * rowHeight;
}

/** Stamp an image, scaled to fit a box, in the corner of a page. */
export function stampImage(page, image, box) {
  const dims = image.scaleToFit(box, box);
  page.drawImage(image, { x: page.getWidth() - dims.width - 20, y: 20, width: dims.width, height: dims.height,
                          rotate: degrees(0), opacity: 0.8 });
  return dims;
}

/** Watermark every page of a document. */
export function watermark(pdfDoc, font, text) {
  for (const page of pdfDoc.getPages()) {
    const { width, height } = page.getSize();
    page.drawText(text, { x: width / 4, y: height / 2, size: 60, font, opacity: 0.15, rotate: degrees(45) });
  }
  pdfDoc.setSubject(`watermarked: ${text}`);
  return pdfDoc.getPageCount();
}

/** Fill text fields from a plain object. */
export function fillFields(form, values) {
  for (const [name, value] of Object.entries(values)) {
    const field = form.getTextField(name);
    field.setText(String(value));
  }
  form.getCheckBox("accepted").check();
  return form.getFields().length;
}

/** Shrink a long text until it fits a width. */
export function fitText(font, text, maxWidth, startSize) {
  let size = startSize;
  while (size > 4 && font.widthOfTextAtSize(text, size) > maxWidth) {
    size -= 0.5;
  }
  return { size, height: font.heightAtSize(size), characters: font.getCharacterSet().length };
}

/** Move every page of `source` into `target` (both already loaded). */
export async function appendAll(target, source) {
  const copied = await target.copyPages(source, source.getPageIndices());
  copied.forEach((page) => target.addPage(page));
  return target.getPageCount();
}

/** Place a radio group's options in a column. */
export function layoutRadio(group, page, options, x, top) {
  options.forEach((option, i) => {
    group.addOptionToPage(option, page, { x, y: top - i * 24, width: 16, height: 16 });
  });
  group.select(options[0]);
  return group.getOptions();
}

/** Draw an SVG path. */
export function drawIcon(page, path, x, y) {
  page.moveTo(x, y);
  page.drawSvgPath(path, { color: rgb(0.1, 0.3, 0.6), scale: 0.5 });
  page.resetPosition();
}
