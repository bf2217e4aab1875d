/**
 * @typedef {object} Metric
 * @property {string} label
 * @property {number} value
 * @property {number} change
 */

/**
 * @typedef {object} Report
 * @property {string} quarter
 * @property {string} title
 * @property {string} owner
 * @property {string} currency
 * @property {Metric[]} metrics
 * @property {{label: string, value: string}[]} figures
 * @property {string[]} highlights
 * @property {number} growth
 * @property {boolean} [archived]
 */

/**
 * Storage interface for reports. Services depend on this class only;
 * concrete implementations are wired in src/app.js.
 *
 * @interface
 */
export class ReportRepository {
  /**
   * @param {string} quarter for example "2024-Q2"
   * @returns {Promise<Report>}
   */
  async findByQuarter(quarter) {
    throw new Error(`${this.constructor.name}.findByQuarter(${quarter}) is not implemented`);
  }

  /**
   * @param {Report} report
   * @returns {Promise<void>}
   */
  async save(report) {
    throw new Error(`${this.constructor.name}.save(${report.quarter}) is not implemented`);
  }
}
