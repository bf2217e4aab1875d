; Object-model facts in an engine's plain JavaScript source (engines that ship no types).

; Page.prototype.addBlock = function (options) { ... };
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @member.object
      property: (property_identifier) @_proto (#eq? @_proto "prototype"))
    property: (property_identifier) @member.property)
  right: (_) @def.value) @def.proto_member

; Page.prototype = { addBlock(options) { ... }, width: 0 };
(assignment_expression
  left: (member_expression
    object: (identifier) @member.object
    property: (property_identifier) @_proto (#eq? @_proto "prototype"))
  right: (object) @def.value) @def.proto_object

; Object.assign(Page.prototype, Sizable, { addFooter() {} });
(call_expression
  function: (member_expression
    object: (identifier) @_object (#eq? @_object "Object")
    property: (property_identifier) @_assign (#eq? @_assign "assign"))
  arguments: (arguments
    . (member_expression
        object: (identifier) @member.object
        property: (property_identifier) @_proto (#eq? @_proto "prototype")))) @def.mixin

; Document.create = function (options) { ... };   (a static member)
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @member.object
      property: (property_identifier) @member.property)
    right: (_) @def.value) @def.static_member)
