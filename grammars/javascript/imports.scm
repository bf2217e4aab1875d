; Module dependencies and exports, for the workspace import graph (lsp_server/syntax/modules.py).
; Each pattern finds a statement or call; extract.py reads the names inside it (import clauses,
; export clauses, destructuring patterns) from the captured node.

; import a, { b as c } from "./x";
; import * as ns from "./y";
; import "./side-effect.css";
(import_statement
  source: (string) @import.source) @import.statement

; export * from "./all";
; export * as ns from "./ns";
; export { h, i as j } from "./re";
(export_statement
  source: (string) @import.source) @import.reexport

; export const l = 1;   export function f() {}   export default expr;   export { a, b as c };
(export_statement
  !source) @export.statement

; const { buildCover } = await import("./cover.js");   import(`./cover.js`)
; (a template with `${...}` in it is not a literal: extract.py skips it)
(call_expression
  function: (import)
  arguments: (arguments . [(string) (template_string)] @import.source)) @import.dynamic

; const { a } = require("./a");   require("./polyfill");   require(`./b`)
(call_expression
  function: (identifier) @call.callee (#eq? @call.callee "require")
  arguments: (arguments . [(string) (template_string)] @import.source .)) @import.require

; module.exports = { a, b };   module.exports = Foo;
(assignment_expression
  left: (member_expression
    object: (identifier) @member.object (#eq? @member.object "module")
    property: (property_identifier) @member.property (#eq? @member.property "exports"))
  right: (_) @export.value) @export.commonjs

; exports.formatDate = function formatDate() {};
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

; Object.defineProperty(exports, "parse", { enumerable: true, get: function () { return x.parse; } });
(call_expression
  function: (member_expression
    object: (identifier) @member.object (#eq? @member.object "Object")
    property: (property_identifier) @member.property (#eq? @member.property "defineProperty"))
  arguments: (arguments
    . (identifier) @call.callee (#eq? @call.callee "exports")
    . (string) @export.name)) @export.commonjs
