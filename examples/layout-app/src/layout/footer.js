import { Align } from "@acme/layout";
import { HEADER_HEIGHT } from "./header.js";
import { formatDate } from "../util/dates.cjs";

export function addFooter(page, font) {
  const footer = page.footer;
  footer.height = HEADER_HEIGHT;
  footer.showPageNumbers = true;
  footer.pageNumberFormat = "Page {page} / {pages}";

  const strip = page.addBlock({ height: 12 });
  strip.width = page.width - page.margins.left - page.margins.right;
  const note = strip.addParagraph(`Généré le ${formatDate(new Date())}`);
  note.font = font;
  note.fontSize = 7;
  note.setAlign(Align.Left);

  page.addFooterBlock({ height: 10 });
  return footer;
}
