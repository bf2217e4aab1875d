; inherits: typescript
; Evidence in TSX is found as in TypeScript (above): the same expressions carry it.
