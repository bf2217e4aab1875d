import { Align } from "@acme/layout";
import { addFooter } from "./footer.js";
import { theme } from "../theme/colors.js";

export const HEADER_HEIGHT = 36;

export function addHeader(page, title) {
  const header = page.header;
  header.height = HEADER_HEIGHT;
  header.repeat = true;
  header.style.border = "0.5pt solid";

  const line = header.addParagraph(title);
  line.fontSize = 9;
  line.setAlign(Align.Right);
  line.style.color = theme.muted;
  return header;
}

export function addChrome(page, title, font) {
  addHeader(page, title);
  addFooter(page, font);
  return page;
}
