import { Document } from "@acme/layout";
import { InvoiceRepository } from "../repositories/InvoiceRepository.js";
import { buildLineTable, buildTotalsRow } from "../layout/tables.js";
import { addChrome } from "../layout/header.js";
import { slugify } from "../util/strings.js";
import { formatDate } from "../util/dates.cjs";
import { fonts } from "../theme/colors.js";

export class InvoiceService {
  /** @param {InvoiceRepository} repository */
  constructor(repository) {
    if (!(repository instanceof InvoiceRepository)) {
      throw new TypeError("InvoiceService needs an InvoiceRepository");
    }
    this.repository = repository;
  }

  listInvoices() {
    return this.repository.findAll();
  }

  async buildInvoice(id) {
    const invoice = await this.repository.findById(id);
    const doc = Document.create({ title: `Facture ${invoice.number}`, author: invoice.issuer });
    doc.setFontSize(12);

    const page = doc.addPage();
    addChrome(page, `Facture n° ${invoice.number}`, fonts.body);

    const box = page.addBlock({ padding: 8 });
    box.addParagraph(invoice.customer.name).fontSize = 14;
    box.addParagraph(`Date : ${formatDate(invoice.date)}`);

    const table = buildLineTable(box, invoice.lines, invoice.currency);
    buildTotalsRow(table, invoice.total, invoice.currency);

    return { doc, filename: `${slugify(invoice.customer.name)}-${invoice.number}.pdf` };
  }
}
