; Which packages a JavaScript file imports: the object model discovers their types in node_modules.

; import { Document } from "@acme/layout";   import * as L from "pdf-lib";
(import_statement source: (string (string_fragment) @import.source))

; export { Page } from "@acme/layout";
(export_statement source: (string (string_fragment) @import.source))

; const { Document } = require("@acme/layout");
((call_expression
   function: (identifier) @call.callee
   arguments: (arguments . (string (string_fragment) @import.source)))
 (#eq? @call.callee "require"))

; const L = await import("@acme/layout");
(call_expression
   function: (import)
   arguments: (arguments . (string (string_fragment) @import.source)))

; AMD: require(["jspdf"], ({ jsPDF }) => ...);   define(["@acme/layout"], function (L) { ... });
((call_expression
   function: (identifier) @call.callee
   arguments: (arguments . (array (string (string_fragment) @import.source))))
 (#any-of? @call.callee "require" "define"))
