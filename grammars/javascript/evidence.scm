; Where type tracking (lsp_server/knowledge/types.py, `Analyzer.prescan`) finds evidence about a name: the
; members used on it, how each member is used, the calls it is passed to, and what is assigned to it.
; One query finds these nodes, so no Python code visits the rest of the tree.

; page.drawText("x")   page.width   (a member of a plain name: evidence about `page`)
(member_expression object: (identifier)) @member

; x.div(y).plus(z)   (a member of a method call's result: the vocabulary check's untyped chains)
(member_expression object: (call_expression function: (member_expression))) @member.chained

; collect(items).sum   new Collection(items).sum   (a member of a call of a name, or of `new`: the vocabulary
; check's receivers of a factory's or a constructor's result, checked only where the analysis types the result as
; the engine's)
(member_expression object: (call_expression function: (identifier))) @member.called
(member_expression object: (new_expression)) @member.called

; a.b.name   this.name   (a member of a member, or of `this`: the vocabulary check's other untyped receivers)
(member_expression object: (member_expression)) @member.nested
(member_expression object: (this)) @member.this

; page.width = 1   page.cache ??= x   (a member written: any member expression, `a.b.c = 1` too). A compound
; assignment (`page.count += 1`, `-=`, `*=`, ...) reads the member first, as `page.count++` does: a read; the
; logical ones (`??=`, `||=`, `&&=`) are the idiom that creates a missing property: a write
(assignment_expression left: (member_expression) @member.write)
(augmented_assignment_expression left: (member_expression) @member.write operator: ["??=" "||=" "&&="])

; page.drawText("x")   page.save()   a.b.c()   (a member called)
(call_expression function: (member_expression) @call.callee)

; render(page)   drawText(text, { font, size: fontSize })   (what a name is passed to)
(call_expression arguments: (arguments)) @call

; page = doc.addPage()   count += 1   count++   (a name assigned after its declaration)
(assignment_expression left: (identifier)) @assignment
(augmented_assignment_expression left: (identifier)) @assignment
(update_expression argument: (identifier)) @assignment
