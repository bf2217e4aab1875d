; Member names a file declares (the workspace's own vocabulary for the vocabulary check): object keys,
; methods, class fields, assigned properties, function and variable names.
(pair key: (property_identifier) @name)
(shorthand_property_identifier) @name
(method_definition name: (property_identifier) @name)
(field_definition property: (property_identifier) @name)
(assignment_expression left: (member_expression property: (property_identifier) @name))
(function_declaration name: (identifier) @name)
(variable_declarator name: (identifier) @name)
