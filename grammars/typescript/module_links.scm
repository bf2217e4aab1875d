; Files a declaration file links to: the object model follows relative ones to collect a package's types.

; import { Color } from "./colors";   import PDFDocument from "./PDFDocument";
(import_statement source: (string (string_fragment) @import.source))

; export * from "./api/index";   export { default as PDFPage } from "./PDFPage";
(export_statement source: (string (string_fragment) @import.source))

; import fs = require("./fs");
(import_require_clause source: (string (string_fragment) @import.source))
