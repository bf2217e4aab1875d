import { Layout, Paragraph } from "@acme/layout";
import { formatPercent } from "../util/format.js";

export function addSummaryColumns(page, report) {
  const { left, right } = Layout.twoColumn(page, 24);

  left.addParagraph("Faits marquants").fontSize = 14;
  for (const highlight of report.highlights) {
    left.addParagraph(`• ${highlight}`);
  }

  right.addParagraph("Évolution").fontSize = 14;
  const trend = new Paragraph(`Croissance : ${formatPercent(report.growth)}`);
  right.add(trend);
  return { left, right };
}
