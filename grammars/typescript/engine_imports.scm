; inherits: javascript
; Engine imports in TypeScript are found as in JavaScript (above).

; import fs = require("fs");
(import_require_clause source: (string (string_fragment) @import.source))
