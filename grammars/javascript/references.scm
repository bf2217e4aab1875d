; Identifiers that can name a binding (declared or referenced). Property names (`.box`, `{box: 1}`),
; labels (`break outer`) and private names are other node types and never match.

; box.width = 1;   render(box);   `${box}`
(identifier) @ref

; const o = { box };   (shorthand property: a reference to `box`)
(shorthand_property_identifier) @ref

; const { box } = o;   (shorthand pattern: declares or assigns `box`)
(shorthand_property_identifier_pattern) @ref
