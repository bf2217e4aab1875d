; inherits: typescript
; Engine imports in TSX are found as in TypeScript (above).
