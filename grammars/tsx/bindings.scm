; inherits: typescript
; TSX declares bindings exactly as TypeScript does (above); JSX only uses them.
