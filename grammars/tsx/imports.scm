; inherits: typescript
; TSX reads modules as TypeScript does.
