; inherits: typescript
; Annotated names in TSX are found as in TypeScript (above).
