import { ReportRepository } from "./ReportRepository.js";

/** In-memory reports, good enough for demos and tests. */
export class ReportRepositoryImpl extends ReportRepository {
  constructor(config) {
    super();
    this.owner = config.document?.author ?? "ACME";
    this.reports = new Map();
  }

  async findByQuarter(quarter) {
    if (!this.reports.has(quarter)) {
      this.reports.set(quarter, {
        quarter,
        title: `Résultats trimestriels ${quarter}`,
        owner: this.owner,
        currency: "EUR",
        metrics: [
          { label: "Chiffre d'affaires", value: 1284000, change: 0.12 },
          { label: "Marge brute", value: 512300, change: 0.04 },
          { label: "Coûts d'exploitation", value: 301900, change: -0.03 },
        ],
        figures: [
          { label: "Clients", value: "1 204" },
          { label: "Pays", value: "17" },
          { label: "Équipe", value: "86" },
          { label: "NPS", value: "61" },
        ],
        highlights: ["Ouverture du bureau de Lyon", "Lancement au Québec 🎉", "新客户: 上海"],
        growth: 0.12,
      });
    }
    return this.reports.get(quarter);
  }

  async save(report) {
    this.reports.set(report.quarter, report);
  }
}
