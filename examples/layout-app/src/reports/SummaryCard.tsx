// A TSX component of the example: JSX uses of bindings, and a typed engine receiver.
import { Paragraph } from "@acme/layout";
import type { SummaryLine } from "./summary";

type CardProps = { line: SummaryLine };

function Amount({ value }: { value: number }) {
  return <span className="amount">{value.toFixed(2)}</span>;
}

export function SummaryCard({ line }: CardProps) {
  const label = line.label.toUpperCase();
  return (
    <div className="card" style={{ color: "#0b5fff" }}>
      <h2>{label}</h2>
      <Amount value={line.amount} />
    </div>
  );
}

export function emphasize(paragraph: Paragraph): Paragraph {
  return paragraph.setBold(true);
}
