import { Document, Orientation } from "@acme/layout";
import { ReportService } from "./services/ReportService.js";
import { InvoiceService } from "./services/InvoiceService.js";
import { ReportRepositoryImpl } from "./repositories/ReportRepositoryImpl.js";
import { InvoiceRepositoryImpl } from "./repositories/InvoiceRepositoryImpl.js";
import { ExportService } from "./services/ExportService.cjs";

export async function run(command, args, config) {
  const reports = new ReportService(new ReportRepositoryImpl(config));
  const invoices = new InvoiceService(new InvoiceRepositoryImpl(config));

  switch (command) {
    case "report": {
      const doc = await reports.buildQuarterly(args[0] ?? "2024-Q2", config);
      await doc.save(`${config.outputDir}/rapport.pdf`);
      break;
    }
    case "invoice": {
      const { doc, filename } = await invoices.buildInvoice(args[0] ?? "FA-0042");
      await doc.save(`${config.outputDir}/${filename}`);
      break;
    }
    case "cover": {
      const { buildCover } = await import("./layout/cover.js");
      const doc = Document.create({ ...config.document, title: "Couverture" });
      await buildCover(doc, config.company.name, config);
      await doc.save(`${config.outputDir}/couverture.pdf`);
      break;
    }
    case "preview": {
      const doc = buildPreview(config);
      const bytes = await doc.render({ format: "png", dpi: 96 });
      console.log(`preview: ${bytes.length} bytes`);
      break;
    }
    case "export": {
      const exporter = new ExportService(config);
      const all = await invoices.listInvoices();
      await exporter.exportArchive(all);
      break;
    }
    default:
      warmUp();
      throw new Error(`unknown command "${command}"`);
  }
}

export function buildPreview(config) {
  const doc = Document.create({ ...config.document, title: "Aperçu" });
  const page = doc.addPage({ orientation: Orientation.Landscape });
  const banner = page.createBlock();
  page.add(banner);

  var box = page.addBlock();
  box.width = 200;
  box.style.border = "1px";
  box.addParagraph("Aperçu avant impression 👀").fontSize = 12;
  page.add(box);
  return doc;
}

function warmUp() {
  const doc = Document.create({ title: "warm-up" });
  doc.addPage().addBlock().addParagraph("中文 · é · 📄");
  doc.render();
}
