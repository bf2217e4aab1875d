import { Document, Align } from "@acme/layout";
import { ReportRepository } from "../repositories/ReportRepository.js";
import { ReportRepositoryImpl } from "../repositories/ReportRepositoryImpl.js";
import { addHeader, addSummaryColumns, buildKeyFigures, placeImages } from "../layout/index.js";
import { formatMoney, formatPercent } from "../util/format.js";

/**
 * Builds the quarterly report.
 */
export class ReportService {
  /** @param {ReportRepository} [repository] */
  constructor(repository) {
    this.repository = repository ?? new ReportRepositoryImpl({});
    if (!(this.repository instanceof ReportRepository)) {
      throw new TypeError("ReportService needs a ReportRepository");
    }
  }

  async buildQuarterly(quarter, config) {
    const report = await this.repository.findByQuarter(quarter);
    const doc = Document.create({ title: `Rapport ${quarter}`, author: report.owner });
    doc.fontSize = 10;

    const page = doc.addPage(config.page);
    addHeader(page, report.title);

    const box = page.addBlock({ padding: 12 });
    const heading = box.addParagraph(report.title);
    heading.fontSize = 20;
    heading.setAlign(Align.Center);

    const table = box.addTable({ columns: 3, headerRows: 1, repeatHeader: true });
    table.addRows(3);
    const head = table.addRow({ header: true });
    for (const label of ["Indicateur", "Valeur", "Évolution"]) {
      head.addCell().addParagraph(label);
    }
    for (const metric of report.metrics) {
      const row = table.addRow();
      row.addCell().addParagraph(metric.label);
      row.addCell().addParagraph(formatMoney(metric.value, report.currency));
      row.addCell().addParagraph(formatPercent(metric.change));
    }

    buildKeyFigures(box.addBlock({ keepTogether: true }), report.figures);
    addSummaryColumns(doc.addPage(config.page), report);

    const gallery = page.addBlock();
    await placeImages(gallery, config.assets.photos);
    return doc;
  }

  async archive(quarter) {
    const report = await this.repository.findByQuarter(quarter);
    report.archived = true;
    await this.repository.save(report);
    return report;
  }
}
