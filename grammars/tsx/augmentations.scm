; inherits: typescript
; Module augmentations in TSX are found as in TypeScript (above).
