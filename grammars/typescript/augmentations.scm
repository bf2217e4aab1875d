; A workspace file's module augmentation: names it adds to a package's declarations (TypeScript merges them
; into the package's own: an interface's new members, new exports). The body is captured; its parent's `name`
; is the module's; lsp_server/knowledge/object_model.py (`declared_members`) reads the body's names.

; declare module 'pkg' { interface Options { extra?: number } export function extraFn(): void; }
; module 'pkg' { ... }   (in a .d.ts, `declare` is implied)
(module name: (string) body: (statement_block) @augment.body)
