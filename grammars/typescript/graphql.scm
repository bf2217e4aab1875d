; inherits: javascript
; GraphQL templates in TypeScript are found as in JavaScript (above): `gql<Result>`...`` is the same call.
