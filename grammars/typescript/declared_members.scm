; Member names a TypeScript file declares (the workspace's own vocabulary for the vocabulary check): as in
; JavaScript (grammars/javascript/declared_members.scm; not inherited: TypeScript's grammar names a class
; field `public_field_definition`, not `field_definition`), plus interface, type-literal and enum members,
; parameter properties and ambient declarations.
(pair key: (property_identifier) @name)
(shorthand_property_identifier) @name
(method_definition name: (property_identifier) @name)
(assignment_expression left: (member_expression property: (property_identifier) @name))
(function_declaration name: (identifier) @name)
(variable_declarator name: (identifier) @name)

; class C { private x: number = 1; y; }
(public_field_definition name: (property_identifier) @name)

; interface I { a: number; b(): void }   type T = { t: 1; u(): void }
(property_signature name: (property_identifier) @name)
(method_signature name: (property_identifier) @name)

; abstract class A { abstract n(): void }
(abstract_method_signature name: (property_identifier) @name)

; enum E { A, B = 2 }
(enum_body (property_identifier) @name)
(enum_body (enum_assignment name: (property_identifier) @name))

; constructor(public z: number, private readonly q: string)   (parameter properties: members of the class)
(required_parameter (accessibility_modifier) pattern: (identifier) @name)
(optional_parameter (accessibility_modifier) pattern: (identifier) @name)

; declare function df(): void
(function_signature name: (identifier) @name)
