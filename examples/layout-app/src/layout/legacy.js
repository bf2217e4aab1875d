// Code written against the 3.x API of the engine: a member removed in 4.0 (`Page.addFooter`, still declared in
// the typings, which lag) and one deprecated in 4.2 (`Cell.colSpan`). See docs/reference/page.md and cell.md.
import { Document } from "@acme/layout";

export function legacyFooter(title) {
  const doc = Document.create({ title });
  const page = doc.addPage();
  page.addFooter({ height: 10 });
  const cell = page.addBlock().addTable({ columns: 2 }).addRow().addCell();
  cell.colSpan = 2;
  return doc;
}
