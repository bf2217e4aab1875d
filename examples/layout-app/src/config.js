import { Orientation, Unit } from "@acme/layout";

export const config = {
  outputDir: "out",
  document: { author: "ACME Finance", unit: Unit.Point, fontSize: 10, language: "fr-FR" },
  page: { width: 595, height: 842, orientation: Orientation.Portrait },
  assets: {
    logo: "assets/logo.png",
    photos: ["assets/team.jpg", "assets/office.jpg"],
  },
  company: {
    name: "ACME Société de Mise en Page",
    tagline: "Des documents clairs — 清晰的文档 📄",
  },
};
