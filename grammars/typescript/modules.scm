; Module dependencies and exports of TypeScript / TSX, for the workspace import graph
; (lsp_server/syntax/modules.py; compiled for both the `typescript` and `tsx` languages). The JavaScript
; patterns of grammars/javascript/imports.scm, plus TypeScript's own forms. Whether an import is type-only
; (`import type`, `import { type A }`, `export type ... from`, `import("./x")` in a type) is read from the
; captured node by modules.py.

; import a, { b as c } from "./x";   import type { T } from "./t";   import "./side-effect";
(import_statement
  source: (string) @import.source) @import.statement

; import fs = require("./fs");   (TypeScript's CommonJS import)
(import_statement
  (import_require_clause
    source: (string) @import.source)) @import.equals

; export * from "./all";   export type { T } from "./t";   export { h, i as j } from "./re";
(export_statement
  source: (string) @import.source) @import.reexport

; export const l = 1;   export interface I {}   export default expr;   export { a, b as c };
(export_statement
  !source) @export.statement

; await import("./cover.js")   and, in a type, import("./types").T / typeof import("./x")
(call_expression
  function: (import)
  arguments: (arguments . [(string) (template_string)] @import.source)) @import.dynamic

; const { a } = require("./a");
(call_expression
  function: (identifier) @call.callee (#eq? @call.callee "require")
  arguments: (arguments . [(string) (template_string)] @import.source .)) @import.require

; module.exports = { a, b };
(assignment_expression
  left: (member_expression
    object: (identifier) @member.object (#eq? @member.object "module")
    property: (property_identifier) @member.property (#eq? @member.property "exports"))
  right: (_) @export.value) @export.commonjs

; exports.formatDate = ...;
(assignment_expression
  left: (member_expression
    object: (identifier) @member.object (#eq? @member.object "exports")
    property: (property_identifier) @export.name)) @export.commonjs

; module.exports.parse = parse;
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @member.object (#eq? @member.object "module")
      property: (property_identifier) @member.property (#eq? @member.property "exports"))
    property: (property_identifier) @export.name)) @export.commonjs
