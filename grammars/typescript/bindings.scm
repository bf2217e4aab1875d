; inherits: javascript
; Declaring positions of TypeScript bindings: JavaScript's (above, from grammars/javascript/bindings.scm),
; then the forms only TypeScript has. A parameter's `required_parameter` / `optional_parameter` wrapper is
; captured by JavaScript's formal_parameters pattern; syntax/patterns.py reads its `pattern` as declared.

; abstract class Base {}  (other classes are JavaScript's patterns)
(abstract_class_declaration name: (type_identifier) @def.class)

; interface Props { title: string }   type Size = "s" | "m";
(interface_declaration name: (type_identifier) @def.type)
(type_alias_declaration name: (type_identifier) @def.type)

; function first<T>(xs: T[]): T   class Box<T> {}   type Pair<K, V> = [K, V];
(type_parameter name: (type_identifier) @def.type)

; type Readonly<T> = { readonly [P in keyof T]: T[P] };
(mapped_type_clause name: (type_identifier) @def.type)

; type Item<T> = T extends Array<infer U> ? U : never;
(infer_type (type_identifier) @def.type)

; enum Color { Red, Green }   const enum Flags { A = 1 }
(enum_declaration name: (identifier) @def.enum)

; namespace Shapes { }   module Legacy { }
(internal_module name: (identifier) @def.namespace)
(module name: (identifier) @def.namespace)

; function area(s: Square): number;   declare function fetchAll(): void;  (overloads and ambient functions)
(function_signature name: (identifier) @def.func)

; import fs = require("fs");
(import_require_clause (identifier) @def.import)

; import Bar = NS.Bar;
(import_alias . (identifier) @def.import)

; interface Dict { [key: string]: number }
(index_signature name: (identifier) @def.param)
