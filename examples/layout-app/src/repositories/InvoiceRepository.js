/**
 * @typedef {object} InvoiceLine
 * @property {string} description
 * @property {number} quantity
 * @property {number} unitPrice
 */

/**
 * @typedef {object} Invoice
 * @property {string} id
 * @property {string} number
 * @property {string} issuer
 * @property {Date} date
 * @property {string} currency
 * @property {{name: string}} customer
 * @property {InvoiceLine[]} lines
 * @property {number} total
 */

/**
 * Storage interface for invoices.
 *
 * @interface
 */
export class InvoiceRepository {
  /**
   * @param {string} id
   * @returns {Promise<Invoice>}
   */
  async findById(id) {
    throw new Error(`${this.constructor.name}.findById(${id}) is not implemented`);
  }

  /** @returns {Promise<Invoice[]>} */
  async findAll() {
    throw new Error(`${this.constructor.name}.findAll() is not implemented`);
  }
}
