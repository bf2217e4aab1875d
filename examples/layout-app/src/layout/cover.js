import { Align, Color, Layout } from "@acme/layout";
import { loadLogo } from "./images.js";
import { theme } from "../theme/colors.js";

export async function buildCover(doc, title, config) {
  const page = doc.addPage();
  const box = page.addBlock({ keepTogether: true });
  box.setPadding(48, 36).setSize(page.contentWidth, page.contentHeight / 2);
  Layout.center(box, page);

  const logo = await loadLogo(config.assets.logo);
  box.addImage(logo, { width: 96, alt: "ACME" });

  const heading = box.addParagraph(title);
  heading.fontSize = 32;
  heading.setAlign(Align.Center);
  heading.style.color = Color.fromHex("#0b5fff");

  const tagline = box.addParagraph(config.company.tagline);
  tagline.fontSize = 14;
  tagline.setAlign(Align.Center);
  tagline.style.color = theme.muted;
  return page;
}
