; Declaring positions of JavaScript bindings, one pattern per syntactic form.
; Each capture is the *top* node of the declared name: an identifier, or a destructuring pattern whose
; leaf identifiers (shorthand_property_identifier_pattern, identifier) are all declared.
; Scope rules (var hoisting, block scope, catch scope) are applied in lsp_server/syntax/scopes.py.

; var box = 1;   let {a, b: [c]} = o;   const x = 1, y = 2;
(variable_declarator name: (_) @def.var)

; for (const item of items) {}   for (let key in obj) {}   (no kind: an assignment, not a declaration)
(for_in_statement kind: _ left: (_) @def.var)

; function f(a, {b}, [c], d = 1, ...rest) {}
(formal_parameters (_) @def.param)

; items.map(item => item.id)
(arrow_function parameter: (identifier) @def.param)

; try {} catch (err) {}   catch ({message}) {}
(catch_clause parameter: (_) @def.param)

; function build() {}   function* gen() {}
(function_declaration name: (identifier) @def.func)
(generator_function_declaration name: (identifier) @def.func)

; const f = function named() {}  (the name is visible inside the function only)
(function_expression name: (identifier) @def.func)
(generator_function name: (identifier) @def.func)

; class Page {}   const K = class Named {}  (any name node: TypeScript, which extends this file, names classes
; with a type_identifier)
(class_declaration name: (_) @def.class)
(class name: (_) @def.class)

; import Default from "m";
(import_clause (identifier) @def.import)

; import * as ns from "m";
(namespace_import (identifier) @def.import)

; import { a } from "m";
(import_specifier name: (identifier) @def.import !alias)

; import { a as b } from "m";
(import_specifier alias: (identifier) @def.import)
