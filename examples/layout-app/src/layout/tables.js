import { Align, Layout } from "@acme/layout";
import { formatMoney, formatCurrency } from "../util/format.js";
import { theme } from "../theme/colors.js";

export function buildLineTable(box, lines, currency) {
  const table = box.addTable({
    columns: 4,
    columnWidths: [220, 60, 90, 90],
    headerRows: 1,
    repeatHeader: true,
    border: "0.5pt solid",
  });

  const head = table.addRow({ header: true });
  for (const label of ["Désignation", "Qté", "Prix unitaire", "Montant"]) {
    const cell = head.addCell();
    cell.setBackground(theme.surface);
    cell.addParagraph(label).fontSize = 9;
  }

  for (const line of lines) {
    const row = table.addRow();
    row.addCell().addParagraph(line.description);
    const qty = row.addCell();
    qty.align = Align.Right;
    qty.addParagraph(String(line.quantity));
    row.addCell().addParagraph(formatCurrency(line.unitPrice, currency));
    row.addCell().addParagraph(formatMoney(line.quantity * line.unitPrice, currency));
  }
  return table;
}

export function buildTotalsRow(table, total, currency) {
  const row = table.addRow({ keepWithNext: false });
  row.addCell().setSpan(3).addParagraph("Total");
  row.addCell().setBackground(theme.highlight).addParagraph(formatMoney(total, currency)).addRun(" TTC").setBold();
  return row;
}

export function buildKeyFigures(box, figures) {
  const grid = Layout.grid(box, 2, Math.ceil(figures.length / 2));
  figures.forEach((figure, i) => {
    const cell = grid.getCell(Math.floor(i / 2), i % 2);
    cell.addParagraph(figure.label).fontSize = 8;
    cell.addParagraph(figure.value);
  });
  return grid;
}
