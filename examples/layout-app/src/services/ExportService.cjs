"use strict";

const { Table, Layout } = require("@acme/layout");
const { formatDate, quarterOf } = require("../util/dates.cjs");
const { createLegacyDocument, toLegacyBuffer } = require("../legacy/compat.cjs");

function countTables(container) {
  return container.children.filter((node) => node instanceof Table).length;
}

class ExportService {
  constructor(config) {
    this.config = config;
  }

  async exportArchive(invoices) {
    const today = new Date();
    const doc = createLegacyDocument(`Archive ${quarterOf(today)} — ${formatDate(today)}`);
    const page = doc.addPage({ width: Layout.A4.width, height: Layout.A4.height });
    const box = page.addBlock();

    const table = box.addTable({ columns: 3, repeatHeader: true, headerRows: 1 });
    const head = table.addRow({ header: true });
    head.addCell().addParagraph("N°");
    head.addCell().addParagraph("Client");
    head.addCell().addParagraph("Total");
    for (const invoice of invoices) {
      const row = table.addRow();
      row.addCell().addParagraph(invoice.number);
      row.addCell().addParagraph(invoice.customer.name);
      row.addCell().addParagraph(String(invoice.total));
    }

    console.log(`export: ${countTables(box)} table(s), ${invoices.length} invoice(s)`);
    const bytes = await doc.render({ format: "pdf", compress: true });
    return toLegacyBuffer(bytes);
  }
}

module.exports = { ExportService };
