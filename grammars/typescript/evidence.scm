; inherits: javascript
; Evidence in TypeScript is found as in JavaScript (above): the same expressions carry it.
