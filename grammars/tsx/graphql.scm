; inherits: typescript
; GraphQL templates in TSX are found as in TypeScript (above).
