"""Name -> type conventions: what the engine's own examples (and the workspace's code) call its objects.

`const pdfDoc = await PDFDocument.create()` in the engine's README teaches that a `pdfDoc` is a `PDFDocument`;
`import * as Y from "yjs"` that a `Y` is the `yjs` namespace. A receiver used once (`function f(pdfDoc) {
pdfDoc.GetTitle() }`, or a README fragment's undeclared `doc`) has no other evidence; the convention gives it a
type, as an inference (a warning with its evidence, never an error).

Mined once per object model from `ObjectModel.examples` (collected by the service) by running the type
tracker itself over each example, with conventions off; a name is kept when at least 80% of its declared
occurrences agree on one type.
"""

from __future__ import annotations

import threading
from collections import Counter, defaultdict

from lsp_server.document import ParsedDocument
from lsp_server.knowledge.object_model import ObjectModel
from lsp_server.knowledge.types import Analyzer, Convention, ValKind

AGREEMENT = 0.8
_LOCK = threading.RLock()
MAX_EXAMPLE_BYTES = 200_000


def ensure_conventions(model: ObjectModel) -> dict[str, Convention]:
    """The model's conventions, mined on first use (then cached on the model)."""
    if model.conventions is not None:
        return model.conventions
    with _LOCK:  # not the model's own lock: mining runs the type tracker, which takes that one
        if model.conventions is None:
            model.conventions = {}  # while mining: no conventions (the examples must speak for themselves)
            model.conventions = mine(model)
    return model.conventions


def mine(model: ObjectModel) -> dict[str, Convention]:
    seen: dict[str, Counter] = defaultdict(Counter)
    where: dict[tuple[str, tuple], str] = {}
    for i, (label, code) in enumerate(model.examples):
        if not code or len(code) > MAX_EXAMPLE_BYTES:
            continue
        uri = f"untitled:example-{i}.js"
        try:
            doc = ParsedDocument.create(uri, code)
            an = Analyzer(doc, model)
            an.run()
        except (RecursionError, ValueError):
            continue
        for (scope, name), val in an.values.items():
            if val is None or val.evidence is not None:
                continue
            if val.kind == ValKind.INSTANCE and val.tid is not None:
                key = ("inst", val.tid)
            elif val.kind == ValKind.NAMESPACE and val.module:
                key = ("ns", val.module)
            else:
                continue
            seen[name][key] += 1
            where.setdefault((name, key), label)
    out: dict[str, Convention] = {}
    for name, counts in seen.items():
        key, n = counts.most_common(1)[0]
        if n / sum(counts.values()) >= AGREEMENT:
            out[name] = Convention(key[0], key[1], where[(name, key)], n)
    return out
