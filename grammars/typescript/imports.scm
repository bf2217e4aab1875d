; inherits: javascript
; Module dependencies of TypeScript / TSX for the workspace import graph (lsp_server/syntax/modules.py): the
; JavaScript patterns (grammars/javascript/imports.scm) come first, then TypeScript's own forms. Whether an
; import is type-only (`import type`, `import { type A }`, `export type ... from`, `import("./x")` in a type)
; is read from the captured node by modules.py.

; import fs = require("./fs");   (TypeScript's CommonJS import)
(import_statement
  (import_require_clause
    source: (string) @import.source)) @import.equals

; /// <reference path="./operators/index.ts" />   (a triple-slash directive: only those above the first
; statement count, which modules.py checks)
((comment) @import.reference
  (#match? @import.reference "^///[ \t]*<reference[ \t]+path="))
