; inherits: typescript
; Member names a TSX file declares are found as in TypeScript (above).
