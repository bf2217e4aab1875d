; inherits: javascript
; Names in TypeScript: JavaScript's (above), and type names.

; let page: Page;   Box<Item>;   class A implements Shape {}
(type_identifier) @ref
