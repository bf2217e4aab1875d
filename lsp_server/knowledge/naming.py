"""Name -> type conventions: what the engine's own examples (and the workspace's code) call its objects.

`const pdfDoc = await PDFDocument.create()` in the engine's README teaches that a `pdfDoc` is a `PDFDocument`;
`import * as Y from "yjs"` that a `Y` is the `yjs` namespace; `import Konva from "konva"` that a `Konva` is the
package's object of classes (a script's UMD global `Konva.Stage`). A receiver used once (`function f(pdfDoc) {
pdfDoc.GetTitle() }`, or a README fragment's undeclared `doc`) has no other evidence; the convention gives it a
type, as an inference (a warning with its evidence, never an error).
Examples that give a name a type here and a subclass adding no member there (`layer` a `Layer` and a
`FastLayer`) agree on the base.

Mined once per object model from `ObjectModel.examples` (collected by the service) by running the type
tracker itself over each example; a name is kept when at least 80% of its declared occurrences agree on one
type. Examples are fragments: `const worksheet = workbook.addWorksheet()` in one README block, `const workbook =
new ExcelJS.Workbook()` in another, `const ExcelJS = require("exceljs")` in a third. So mining runs in rounds
(at most `ROUNDS`): the first with no conventions (only what an example shows itself), each later one with the
previous round's conventions typing the fragment's undeclared names, counting only names the example declares.

Short names the docs use without ever declaring them (`ws.getCell(...)`, `wb.xlsx`): an abbreviation (2-3
lower-case letters) whose first letter starts exactly one conventional type's name and whose other letters
follow in order in it (`ws` -> `Worksheet`, `wb` -> `Workbook`) gets that type; several types sharing the
letters leave it unknown, unless one's name begins all the others' (`Worksheet` of `WorksheetWriter`).

The same examples are a source of members (issue 17: a name any real source has is known): a member the
engine's own examples (not the workspace's code) use on a receiver of an engine type that its typings and
runtime lack (0.12's `chess.PAWN` on an instance, still in 0.13's README) is a member of that type
(`ObjectModel.example_members`), so `chess.PAWN` stays quiet while `chess.PAWNs` is reported. The receiver's
type is what the example declares, or its name's convention; a receiver known only by its name's convention
must also call a member the type has (the example is about that type). Writes are not counted (JavaScript
adds properties), nor private-looking names.

Mining costs tens of milliseconds, which every CLI run would pay: the result is kept in a signed file of the
workspace's cache (`ObjectModel.conventions_cache`) under the SHA-256 of what it is mined from (the examples,
the model's sources and their files' digests, the tracker's code), so a process whose inputs are unchanged
reads it instead.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections import Counter, defaultdict
from pathlib import Path

from lsp_server.document import ParsedDocument
from lsp_server.knowledge.model_sources.base import MEDIUM, Member, parse_type
from lsp_server.knowledge import object_model
from lsp_server.knowledge.object_model import OBJECT_MEMBERS, ObjectModel, reader_version
from lsp_server.knowledge.types import CONVENTION_EVIDENCE, Analyzer, Convention, ValKind
from lsp_server.storage import read_bounded

log = logging.getLogger(__name__)

AGREEMENT = 0.8
ROUNDS = 3
# Short words that are not abbreviations of a type (loop variables, JavaScript's and English words).
NOT_ABBREVIATIONS = frozenset({"i", "j", "k", "n", "x", "y", "z", "id", "is", "in", "of", "on", "to", "do", "if",
                               "or", "at", "by", "as", "it", "us", "me", "we", "up", "no", "ok", "el", "fn", "cb",
                               "err", "res", "req", "evt", "ctx", "log", "key", "val", "obj", "arr", "str", "num",
                               "idx", "tmp", "msg", "url", "api", "app", "max", "min", "sum", "acc", "out", "fs",
                               "db", "vm", "os", "io", "ui"})
_LOCK = threading.RLock()
MAX_EXAMPLE_BYTES = 200_000
MAX_DOC_BYTES = 4_000_000  # a doc file searched for an example's line
CACHE_VERSION = 3  # 3: the examples' members; 2: "obj" conventions (a package's object of classes)
SIGNED_AS = "naming-conventions"


def ensure_conventions(model: ObjectModel) -> dict[str, Convention]:
    """The model's conventions, mined on first use (then cached on the model)."""
    if model.conventions is not None:
        return model.conventions
    with _LOCK:  # not the model's own lock: mining runs the type tracker, which takes that one
        if model.conventions is None:
            key = inputs_key(model) if model.conventions_cache is not None else ""
            cached = _read_cache(model.conventions_cache, key) if key else None
            if cached is not None:
                model.add_example_members(cached[1])
                model.conventions = cached[0]
            else:
                model.conventions = {}  # while mining: no conventions (the examples must speak for themselves)
                conventions = mine(model)
                model.conventions = conventions
                members = example_members(model)
                model.add_example_members(members)
                if key:
                    _write_cache(model.conventions_cache, key, conventions, members)
    return model.conventions


def inputs_key(model: ObjectModel) -> str:
    """SHA-256 of everything `mine` reads: the examples, the model's sources (each file by its digest), the
    readers that made the model from them (`reader_version`), and the code of the type tracker, the model and
    this module (a changed tracker may mine differently)."""
    h = hashlib.sha256(f"{CACHE_VERSION}\0{reader_version()}\0".encode())
    for path in (__file__, _types_module_file(), object_model.__file__):
        try:
            st = os.stat(path)
            h.update(f"{path}|{st.st_mtime_ns}|{st.st_size}\0".encode())
        except OSError:
            h.update(f"{path}|missing\0".encode())
    for spec, src in model.sources:
        h.update(f"{spec.kind}|{spec.module}|{spec.origin}|{spec.path}|{src.kind}\0".encode())
        for f, digest in sorted(src.files.items()):
            h.update(f"{f}|{digest}\0".encode())
    h.update(f"own {model.own_examples}\0".encode())
    for label, code in model.examples:
        h.update(f"{label}\0{len(code)}\0".encode())
        h.update(code.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _types_module_file() -> str:
    from lsp_server.knowledge import types

    return types.__file__


def _read_cache(path, key: str) -> tuple[dict[str, Convention], dict[tuple, dict[str, Member]]] | None:
    from lsp_server import integrity

    data, problem = integrity.read_signed_json(path, SIGNED_AS)
    if problem:
        log.info("naming: %s %s; mining again", path, problem)
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or data.get("key") != key:
        return None
    try:
        conventions = {name: Convention(kind, tuple(target) if kind in ("inst", "obj") else target, source,
                                        int(count))
                       for name, kind, target, source, count in data["conventions"]}
        members: dict[tuple, dict[str, Member]] = {}
        for module, tname, name, where, line in data["members"]:
            members.setdefault((module, tname), {})[name] = _example_member(name, where, int(line))
        return conventions, members
    except (KeyError, TypeError, ValueError):
        return None


def _write_cache(path, key: str, conventions: dict[str, Convention], members: dict[tuple, dict[str, Member]]) -> None:
    from lsp_server import integrity

    if integrity.cache_folder(path.parent) is None:
        return
    rows = [[name, c.kind, list(c.target) if c.kind in ("inst", "obj") else c.target, c.source, c.count]
            for name, c in sorted(conventions.items())]
    member_rows = [[tid[0], tid[1], name, m.path, m.line] for tid, ms in sorted(members.items())
                   for name, m in sorted(ms.items())]
    try:
        integrity.write_signed_json(path, {"version": CACHE_VERSION, "key": key, "conventions": rows,
                                           "members": member_rows}, SIGNED_AS)
    except OSError as exc:
        log.info("naming: cannot write %s: %s", path, exc)


def mine(model: ObjectModel) -> dict[str, Convention]:
    conventions: dict[str, Convention] = {}
    docs: list[tuple[str, ParsedDocument]] = []
    for i, (label, code) in enumerate(model.examples):
        if code and len(code) <= MAX_EXAMPLE_BYTES:
            try:
                docs.append((label, ParsedDocument.create(f"untitled:example-{i}.js", code)))
            except (RecursionError, ValueError):
                continue
    free: Counter = Counter()
    for round_ in range(ROUNDS):
        model.conventions = conventions  # the previous round's: they type the fragments' undeclared names
        found, free = _mine_round(model, docs)
        if found == conventions:
            break
        conventions = found
    conventions.update(_abbreviations(conventions, free))
    return conventions


def example_members(model: ObjectModel) -> dict[tuple, dict[str, Member]]:
    """The members the engine's own examples use on receivers of its types that the types lack (see the
    module's docstring), each with where an example uses it first. Run with the conventions mined."""
    own = model.examples if model.own_examples is None else model.examples[:model.own_examples]
    found: dict[tuple, dict[str, Member]] = {}
    texts: dict[str, str | None] = {}
    for label, code in own:
        if not code or len(code) > MAX_EXAMPLE_BYTES:
            continue
        try:
            doc = ParsedDocument.create("untitled:example.js", code)
            an = Analyzer(doc, model)
            an.run()
        except (RecursionError, ValueError):
            continue
        uses: list[tuple[tuple, str, int]] = []  # (type, member, byte offset)
        for a in an.result.accesses:
            if a.missing and a.usage != "write" and not a.static and a.recv.kind == ValKind.INSTANCE and \
                    isinstance(a.recv.tid, tuple) and (a.recv.evidence is None or _by_convention(a.recv)):
                uses.append((a.recv.tid, a.name, a.start))
        for (scope, name), used in an.uses.items():
            if scope is None and name not in an.declared and an.free_vals.get(name) is None:
                uses += _convention_uses(model, name, used)
        for tid, name, at in uses:
            if name.startswith("_") or name in OBJECT_MEMBERS or name in found.get(tid, {}):
                continue
            line = _line_in(label, code, texts) + doc.source.count(b"\n", 0, at)
            found.setdefault(tid, {})[name] = _example_member(name, label, line)
    return found


def _by_convention(val) -> bool:
    """The receiver's type is its name's convention (`by_convention`'s evidence), not a guess from its uses."""
    return val.evidence.produces.startswith(CONVENTION_EVIDENCE)


def _convention_uses(model: ObjectModel, name: str, used) -> list[tuple[tuple, str, int]]:
    """An undeclared receiver whose name has an instance convention that its uses did not let the tracker
    apply (the type lacks more than one of them): the type's, when the example also calls a member it has."""
    conv = (model.conventions or {}).get(name)
    if conv is None or conv.kind != "inst" or not model.closed(conv.target):
        return []
    members = model.members(conv.target)
    if not any(u in members and usage in ("read-call", "call-args") for _, u, usage in used):
        return []
    return [(conv.target, u, pos) for pos, u, usage in used if usage != "write" and u not in members]


def _example_member(name: str, where: str, line: int) -> Member:
    return Member(name, "property", path=where, line=line, confidence=MEDIUM,
                  doc="used on this type in the engine's examples")


def _line_in(label: str, code: str, texts: dict[str, str | None]) -> int:
    """The line of the example's first line in its file (0 when the file no longer holds it verbatim)."""
    if label not in texts:
        try:  # the file the example was read from (by the model's service, under the same bounds)
            texts[label] = read_bounded(Path(label), MAX_DOC_BYTES).decode("utf-8", "replace")
        except OSError:
            texts[label] = None
    text = texts[label]
    at = text.find(code) if text else -1
    return text.count("\n", 0, at) if at >= 0 else 0


def _mine_round(model: ObjectModel, docs) -> tuple[dict[str, Convention], Counter]:
    seen: dict[str, Counter] = defaultdict(Counter)
    where: dict[tuple[str, tuple], str] = {}
    free: Counter = Counter()  # short undeclared names used as receivers
    for label, doc in docs:
        try:
            an = Analyzer(doc, model)
            an.run()
        except (RecursionError, ValueError):
            continue
        for (scope, name), uses in an.uses.items():
            if scope is None and uses and 2 <= len(name) <= 3 and name.islower() and name not in an.declared:
                free[name] += 1
        for (scope, name), val in an.values.items():
            if val is None:
                continue
            # an inferred value counts only for a name the example declares, produced by the engine's
            # signatures from another name's inferred type (`const sheet = workbook.addWorksheet()`, `workbook`
            # undeclared), never the name's own guess from its uses, and never a parameter
            if val.evidence is not None and not (name in an.declared and _derived(val, name)):
                continue
            if val.kind == ValKind.INSTANCE and val.tid is not None:
                key = ("inst", val.tid)
            elif val.kind == ValKind.NAMESPACE and val.module:
                key = ("ns", val.module)
            elif val.kind == ValKind.CLASS and val.tid is not None and (_object_of_classes(model, val.tid) or
                                                                        _module_value(model, val)):
                # `import Konva from "konva"`: the package's object of classes; `var ffmpeg =
                # require('fluent-ffmpeg')`: the class a package exports as its whole value
                key = ("obj", val.tid)
            else:
                continue
            seen[name][key] += 1
            where.setdefault((name, key), label)
    out: dict[str, Convention] = {}
    for name, counts in seen.items():
        key, n = counts.most_common(1)[0]
        if n / sum(counts.values()) < AGREEMENT:
            key, n = _same_shape_base(model, counts)
        if key is not None and n / sum(counts.values()) >= AGREEMENT:
            out[name] = Convention(key[0], key[1], where[(name, key)], n)
    return out, free


def _same_shape_base(model: ObjectModel, counts: Counter) -> tuple[tuple | None, int]:
    """`var layer = new Konva.Layer()` here, `var layer = new Konva.FastLayer()` there: when every other type
    the name is given is a subclass of one of them that adds no member (`FastLayer extends Layer {}`), they all
    agree on that base. A subclass with members of its own (`Rect` beside `Shape`) is a real disagreement."""
    keys = list(counts)
    if not all(k[0] == "inst" for k in keys):
        return None, 0
    for base in keys:
        names = set(model.members(base[1]))
        if all(k == base or (_inherits(model, k[1], base[1]) and set(model.members(k[1])) == names)
               for k in keys):
            return base, sum(counts.values())
    return None, 0


def _inherits(model: ObjectModel, tid, base, depth: int = 0) -> bool:
    t = model.type(tid)
    if t is None or depth > 16:
        return False
    for b in t.bases:
        parsed = parse_type(b)
        btid = model.find_type(tid[0], parsed[1]) if parsed and parsed[0] == "name" else None
        if btid == base or (btid is not None and _inherits(model, btid, base, depth + 1)):
            return True
    return False


def _object_of_classes(model: ObjectModel, tid) -> bool:
    """A namespace-like value (a `declare namespace`, a `const` typed by an object literal) whose members
    include classes: what a default or namespace import of a package like konva binds."""
    t = model.type(tid)
    return t is not None and t.kind == "namespace" and \
        any(m.type.startswith("typeof ") for m, _ in model.statics(tid).values())


def _module_value(model: ObjectModel, val) -> bool:
    """The class is its module's whole value (`module.exports = FfmpegCommand`, `export = X`)."""
    exp = model.export(val.module, "=") if val.module in model.modules else None
    return exp is not None and exp[0] == "type" and exp[1] == val.tid


def _derived(val, name: str) -> bool:
    """The value was produced from another binding's inferred type (the evidence is that binding's)."""
    return val.evidence.name != name


def _abbreviations(conventions: dict[str, Convention], free: Counter) -> dict[str, Convention]:
    targets = {c.target for c in conventions.values() if c.kind == "inst"}
    out = {}
    for name in free:
        if name in conventions or name in NOT_ABBREVIATIONS:
            continue
        fits = sorted({t for t in targets if _abbreviates(name, t[1])}, key=lambda t: len(t[1]))
        if len(fits) > 1 and not all(t[1].startswith(fits[0][1]) for t in fits[1:]):
            continue
        if fits:
            out[name] = Convention("inst", fits[0], f"`{name}` used in the engine's examples", free[name])
    return out


def _abbreviates(short: str, type_name: str) -> bool:
    low = type_name.lower()
    if not low.startswith(short[0]):
        return False
    at = 1
    for ch in short[1:]:
        at = low.find(ch, at) + 1
        if at == 0:
            return False
    return True
