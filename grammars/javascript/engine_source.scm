; Object-model facts in an engine's plain JavaScript source (engines that ship no types).
; The extractor tells the patterns apart by their index, so keep this order.

; 0. Page.prototype.addBlock = function (options) { ... };
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @member.object
      property: (property_identifier) @_proto (#eq? @_proto "prototype"))
    property: (property_identifier) @member.property))

; 1. Page.prototype = { addBlock(options) { ... }, width: 0 };
(assignment_expression
  left: (member_expression
    object: (identifier) @member.object
    property: (property_identifier) @_proto (#eq? @_proto "prototype"))
  right: (object))

; 2. Object.assign(Page.prototype, Sizable, { addFooter() {} });
(call_expression
  function: (member_expression
    object: (identifier) @_object (#eq? @_object "Object")
    property: (property_identifier) @_assign (#eq? @_assign "assign")) @call.callee
  arguments: (arguments
    . (member_expression
        object: (identifier) @member.object
        property: (property_identifier) @_proto (#eq? @_proto "prototype"))))

; 3. Document.create = function (options) { ... };   (a static member, at statement level)
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @member.object
      property: (property_identifier) @member.property)))

; 4. exports.Howl = Howl;   (anywhere: UMD builds assign their exports inside `if (typeof exports ...)`)
(assignment_expression
  left: (member_expression
    object: (identifier) @_exports (#eq? @_exports "exports")
    property: (property_identifier) @export.name)
  right: (_) @export.value)

; 5. jsPDF.API.addImage = function (...) { ... };   (plugins: members assigned to instances at run time)
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @member.object
      property: (property_identifier) @member.holder (#not-eq? @member.holder "prototype"))
    property: (property_identifier) @member.property)
  right: [(function_expression) (arrow_function)])

; 6. var Howler = new HowlerGlobal();   (anywhere: a UMD build's singleton, exported by name elsewhere)
(variable_declarator
  name: (identifier) @instance.name
  value: (new_expression
    constructor: (identifier) @instance.type))

; 7. var names = tinycolor.names = { ... };   (a static member assigned inside a declaration: read as 3)
(variable_declarator
  value: (assignment_expression
    left: (member_expression
      object: (identifier) @member.object
      property: (property_identifier) @member.property)))

; 8. X.a = X.b = function () { ... };   (the inner assignments of a chain: read as 3)
(assignment_expression
  right: (assignment_expression
    left: (member_expression
      object: (identifier) @member.object
      property: (property_identifier) @member.property)))
