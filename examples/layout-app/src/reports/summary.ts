// A TypeScript module of the example: typed receivers, a parameter property, generics and a return type.
import { Block, Cell, Document, Page, Table } from "@acme/layout";
import type { RowOptions } from "@acme/layout";

export interface SummaryLine {
  label: string;
  amount: number;
}

export type Totals = Record<string, number>;

export enum SummaryKind {
  Quarterly = "quarterly",
  Yearly = "yearly",
}

export class SummaryBuilder {
  private rows: SummaryLine[] = [];

  constructor(private readonly doc: Document, public kind: SummaryKind = SummaryKind.Quarterly) {}

  add(line: SummaryLine): this {
    this.rows.push(line);
    return this;
  }

  build(): Page {
    const page = this.doc.addPage();
    const box: Block = page.addBlock({ padding: 12 });
    const table = fillTable(box.addTable({ columns: 2 }), this.rows);
    table.setColumnWidths([300, 100]);
    this.doc.addFooter(page);
    return page;
  }
}

export function fillTable<T extends SummaryLine>(table: Table, lines: T[], options?: RowOptions): Table {
  for (const line of lines) {
    const row = table.addRow(options);
    row.getCell(0).addParagraph(line.label);
    row.addCell().addParagraph(line.amount.toFixed(2));
  }
  return table;
}

export function firstPage(doc: Document): Page {
  return doc.getPage(0);
}

export function stamp(doc: Document, text: string): void {
  const page = firstPage(doc);
  (page.addBlock() as Block).addParagraph(text).setAlign("right" as never);
  page.addWatermark(text);
}

export function draft(): Document {
  const doc = new Document();
  doc.render({ format: "pdf" });
  return doc;
}

// The 3.x API: TypeScript accepts both (the typings still declare them); the engine's docs say otherwise.
export function legacyFooter(page: Page, cell: Cell): Block {
  cell.rowSpan = 2;
  return page.addFooter({ height: 10 });
}
