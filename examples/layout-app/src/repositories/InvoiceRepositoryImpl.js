import { InvoiceRepository } from "./InvoiceRepository.js";

const SAMPLE_LINES = [
  { description: "Mise en page du rapport annuel", quantity: 1, unitPrice: 2400 },
  { description: "Traduction 中文", quantity: 12, unitPrice: 85 },
  { description: "Retouches photo", quantity: 6, unitPrice: 40 },
];

/** In-memory invoices. */
export class InvoiceRepositoryImpl extends InvoiceRepository {
  constructor(config) {
    super();
    this.issuer = config.company?.name ?? "ACME";
  }

  async findById(id) {
    const total = SAMPLE_LINES.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
    return {
      id,
      number: id,
      issuer: this.issuer,
      date: new Date(2024, 4, 14),
      currency: "EUR",
      customer: { name: "Librairie Élise & Fils" },
      lines: SAMPLE_LINES,
      total,
    };
  }

  async findAll() {
    return Promise.all(["FA-0041", "FA-0042", "FA-0043"].map((id) => this.findById(id)));
  }
}
