; Names declared with a type annotation (the vocabulary check leaves their members to TypeScript, which
; knows the type even where the object model does not). The whole declaration is captured; its `type`
; field is the annotation (`any` is no type: lsp_server/knowledge/unknown_symbol.py reads it).

; const s: Schema = make()   let later: Schema
(variable_declarator name: (identifier) type: (type_annotation)) @annotated

; function f(s: Schema, o?: Options)   (s: Schema) => s.parse(x)   function C({ store }: Props)
(required_parameter type: (type_annotation)) @annotated
(optional_parameter type: (type_annotation)) @annotated

; const { store }: Props = props
(variable_declarator name: [(object_pattern) (array_pattern)] type: (type_annotation)) @annotated

; class C { private s: Schema }   (read through `this.s`)
(public_field_definition name: (property_identifier) type: (type_annotation)) @annotated
