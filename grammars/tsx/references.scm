; inherits: typescript
; Names in TSX are TypeScript's (above): a JSX element name (`<Button />`) is an identifier already.
