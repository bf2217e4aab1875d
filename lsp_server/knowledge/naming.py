"""Name -> type conventions: what the engine's own examples (and the workspace's code) call its objects.

`const pdfDoc = await PDFDocument.create()` in the engine's README teaches that a `pdfDoc` is a `PDFDocument`;
`import * as Y from "yjs"` that a `Y` is the `yjs` namespace; `import Konva from "konva"` that a `Konva` is the
package's object of classes (a script's UMD global `Konva.Stage`). A receiver used once (`function f(pdfDoc) {
pdfDoc.GetTitle() }`, or a README fragment's undeclared `doc`) has no other evidence; the convention gives it a
type, as an inference (a warning with its evidence, never an error).
Examples that give a name a type here and a subclass adding no member there (`layer` a `Layer` and a
`FastLayer`) agree on the base. Examples that give it a few classes of their own (`client` a `Client` or a
`ComposedDispatcher`) type it by their union (a "union" convention: a member of any of them is real). A
convention of an open type (an index signature beside declared members: a CLI's `toolbox`) types a receiver too,
when its uses fit the declared members; a union with an open arm, by the open arm every other arm declares alike
(`types.Analyzer.by_open_convention`, `common_arm`): only what those members hold is then checked.

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
must also call a member the type has (the example is about that type). So are the statics an example uses
on a class or function value it reached through the engine's exports (yup's README calls `default` on the
factory: `yup.string.default('nothing')`). Writes are not counted (JavaScript adds properties), nor
private-looking names.

Mining runs the tracker over every example in every round: tens of milliseconds for an engine's docs, seconds
when hundreds of workspace files use the engine (~2.4 s of CPU on the 20,000-file benchmark monorepo). So its
results are kept by content, never by folder (`Inputs`: the examples' code, the model's sources by their files'
digests, the readers' fingerprint and the code of the tracker, the model and this module), in two signed files of the workspace's cache
(`ObjectModel.conventions_cache`): the conventions under the key of all their inputs (a process whose inputs
are unchanged reads them back), and what each example showed in each round, by the digest of its code and of
the conventions the round gave (`Mined`). An observation depends on nothing else, so a mining reuses every one
recorded and runs the tracker only over the examples that changed (an edited file that uses the engine: ~3
analyses instead of ~1,200). An index artifact carries both (`artifact_entry`, under its object-model part),
with the examples' members, so a checkout in another folder or on another machine takes them or mines
only what differs there (and takes the members still when the conventions it mines are the same:
`members_key`)
(`ensure_conventions`: `footprint-ls index use`, FOOTPRINT_INDEX). The server mines them in its warm-up, right
after building the object model and before it reports the workspace ready (`mined_before_ready`, a
`workspace.warm_up`); the CLI only when a check needs them. Data from an artifact is checked as such:
rows and observations of the wrong shape, example numbers out of range and types or modules the model does
not have are refused (then mined here).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from lsp_server import __version__, queries
from lsp_server.document import ParsedDocument
from lsp_server.knowledge import object_model
from lsp_server.knowledge.builtin_names import builtin_members
from lsp_server.knowledge.model_sources.base import MEDIUM, Member, parse_type
from lsp_server.knowledge.model_sources.dts import CALL
from lsp_server.knowledge.model_sources.platform import PLATFORM
from lsp_server.knowledge.object_model import (ARTIFACT_PART, OBJECT_MEMBERS, ObjectModel, ObjectModelService,
                                               reader_version)
from lsp_server.knowledge.types import CONVENTION_EVIDENCE, GLOBALS, Analyzer, Convention, ValKind
from lsp_server.storage import code_hash, read_bounded
from lsp_server.syntax.modules import DEFAULT, NAMESPACE, import_bindings
from lsp_server.syntax.scopes import scopes_of
from lsp_server.workspace import Progress, warm_up

log = logging.getLogger(__name__)

AGREEMENT = 0.8
# A name the examples give several classes (`client` a `Client` here, a `ComposedDispatcher` there; `agent` a
# `SnapshotAgent` or an `Agent`) is typed by their union when 2 to MAX_UNION classes, each shown at least twice,
# cover AGREEMENT of its examples, as one class must (`_small_union`). In the dev engines' docs such names have
# 2 or 3 classes; names that say nothing of their type have 4 to 8 (yup's `schema`, tone's `synth`).
MAX_UNION = 3
UNION_AGREEMENT = AGREEMENT
# A name given more classes than that, up to MAX_NAMED (each shown twice, together covering UNION_AGREEMENT:
# `result` a `GenerateTextResult` in 44 examples, a `StreamTextResult` in 17 and three other results in 10), types
# nothing, but still says whose object an undeclared receiver of that name is: a "names" convention, read only
# by the vocabulary check (`Analysis.named_by_convention`: a near miss of a member of one of those classes, that
# none of them has, when it is the only unknown name on that receiver in the file).
MAX_NAMED = 6
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
CACHE_VERSION = 9  # 9: an "inst" convention's type arguments (`StoreApi<ConsentStoreState>`); 8: "export" conventions (a name the docs import an export under: `{ A as B }`); 7: "names" conventions (a name several more classes share); 6: "union" conventions (an undeclared name several classes share); 5: the examples' static members (`yup.string.default`); 4: keyed by content, not by folder; each example's observations kept; 3: the examples'
# members; 2: "obj" conventions (a package's object of classes)
SIGNED_AS = "naming-conventions"
OBSERVATIONS_SIGNED_AS = "naming-observations"
OBSERVATIONS_CACHE = "naming_observations.json"  # beside the conventions' own cache file
ARTIFACT_ENTRY = "naming"  # the conventions' entry in an index artifact's object-model part
KINDS = ("inst", "ns", "obj", "union", "names", "export")
SEVERAL = ("union", "names")  # the kinds whose target is a tuple of type ids
MAX_RECORDED_EXAMPLES = 20_000  # examples whose observations a record holds: a longer one is not ours

_MISSING = object()


@dataclass(frozen=True)
class Observation:
    """What one example showed the tracker: `pairs`, the (name, (kind, target)) its declared names got, in
    the order met, and `free`, the short undeclared names it used as receivers (None: nothing, the example
    was not parsed or not analysable); `consulted`, the conventions the tracker looked up meanwhile, each name
    with the (kind, target) it found or None. The tracker reads nothing else of the conventions (types.py reads
    a convention's kind and target; its source only words a finding's evidence), so the observation holds
    under any conventions that give those names the same."""

    consulted: tuple[tuple[str, tuple | None], ...]
    pairs: tuple[tuple[str, tuple], ...] | None
    free: tuple[str, ...] = ()

    def holds(self, conventions: dict[str, Convention]) -> bool:
        return all(_seen_as(conventions.get(name)) == value for name, value in self.consulted)


def _seen_as(conv: Convention | None) -> tuple | None:
    return None if conv is None else (conv.kind, conv.target) + ((conv.targs,) if conv.targs else ())


class _Consulting(dict):
    """A round's conventions that remember which names the tracker looked up (`types.Analyzer` reads them
    with `get`; true even when empty, as `conventions or {}` is read)."""

    def __init__(self, conventions: dict[str, Convention]):
        super().__init__(conventions)
        self.names: dict[str, None] = {}

    def __bool__(self) -> bool:
        return True

    def get(self, name, default=None):
        self.names[name] = None
        return super().get(name, default)


@dataclass(frozen=True)
class Inputs:
    """What mining reads, by content: nothing in it names a folder, so a checkout of the same commit
    elsewhere (another folder, another machine) computes the same, and an index artifact can carry the
    conventions. `model`: the model's sources (their kind and module, each file by its digest, named
    relative to its source) and what builds the model and runs the tracker (Footprint's and the extractors'
    versions, the code of the tracker and of this module); `examples`: each example's code digest, in
    order; `key`: both together, the key of the conventions."""

    model: str
    examples: tuple[str, ...]
    key: str


@dataclass
class Mined:
    """One mining's record: what each example (by its code's digest) showed, under each round's conventions
    that made a difference to it (`Observation`); `analysed`: how many times the tracker ran (the other
    observations came from a record)."""

    model: str
    examples: dict[str, list[Observation]] = field(default_factory=dict)
    analysed: int = 0


_RECORDS: "weakref.WeakKeyDictionary[ObjectModel, Mined]" = weakref.WeakKeyDictionary()
_FROM_ENV = object()


def ensure_conventions(model: ObjectModel, offered: object = _FROM_ENV) -> dict[str, Convention]:
    """The model's conventions, on first use (then kept on the model). Read back when they were mined from
    the same inputs: this workspace's cache, else an index artifact's (`offered`, the artifact's object-model
    part; by default the one FOOTPRINT_INDEX names). Else mined, the tracker run again only over the examples
    no record (this workspace's, the artifact's) has observed under the same conventions: a checkout that
    edited one file using the engine analyses that file. Then cached (a CLI run reads them back)."""
    if model.conventions is not None:
        return model.conventions
    with _LOCK:  # not the model's own lock: mining runs the type tracker, which takes that one
        if model.conventions is None:
            inputs = inputs_of(model)
            found = _read_cache(model, inputs)
            if found is None:
                entry = _artifact_entry(offered)
                found = _conventions_from(model, inputs, entry) if entry is not None else None
                mined = None
                if found is None:
                    known = [r for r in (_read_observations(model, inputs), _observations_from(entry, inputs)) if r]
                    model.conventions = {}  # while mining: no conventions (the examples must speak for themselves)
                    conventions = mine(model, known)
                    model.conventions = conventions
                    members = _same_members(model, inputs, conventions, (_local_record(model), entry))
                    found = conventions, example_members(model) if members is None else members
                    mined = _RECORDS.get(model)
                    log.info("naming: %d conventions mined from %d examples, %d analysed (%s)%s", len(conventions),
                             len(inputs.examples), mined.analysed if mined else len(inputs.examples),
                             "the others' observations reused" if known else "no observations to reuse",
                             "; the examples' members taken from a record" if members is not None else "")
                else:
                    log.info("naming: %d conventions taken from the index artifact", len(found[0]))
                    # and its observations, so that a later edit of an example re-analyses that example only
                    mined = Mined(inputs.model, _observations_from(entry, inputs))
                _write_cache(model, inputs, *found, mined)
            model.add_example_members(found[1])
            model.conventions = found[0]
    return model.conventions


@warm_up(ObjectModelService)
def mined_before_ready(svc: ObjectModelService, progress: Progress) -> None:
    """In the server's warm-up, right after the object model is built: the conventions mined (or read back),
    and their cache written, before the workspace is reported ready. Mined on first use instead, they were
    mined after ready in the first check's thread (~2.4 s of CPU on 1,000 files whose engine-using files
    are examples): a hover at ready waited for them, and a session that ended first wrote no cache, so the
    next start mined again. The CLI still mines only when a check needs them (`ensure_conventions`)."""
    if svc.model.conventions is None:
        progress("object model: naming conventions", None)
    ensure_conventions(svc.model)


def inputs_of(model: ObjectModel) -> Inputs:
    h = hashlib.sha256(f"{CACHE_VERSION}\0{__version__}\0{reader_version()}\0{_code_digest()}\0".encode())
    for spec, src in [*model.sources, *model.shipped]:
        base = str(spec.path)
        h.update(f"{spec.kind}|{spec.module}|{spec.origin}|{src.kind}\0".encode())
        for f, digest in sorted((os.path.relpath(f, base), digest) for f, digest in src.files.items()):
            h.update(f"{Path(f).as_posix()}|{digest}\0".encode())
    model_digest = h.hexdigest()
    examples = tuple(hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest() for _, code in model.examples)
    key = hashlib.sha256(f"{model_digest}\0own {model.own_examples}\0{','.join(examples)}".encode()).hexdigest()
    return Inputs(model_digest, examples, key)


_code: list[str] = []


def _code_digest() -> str:
    """SHA-256 of the code of the tracker, the model and this module: changed, they may mine differently."""
    if not _code:
        _code.append(code_hash(("knowledge/naming.py", "knowledge/types.py", "knowledge/object_model.py")))
    return _code[0]


# --- the conventions' forms: this workspace's cache, an index artifact's entry ---------------------------
def _rows(model: ObjectModel, conventions: dict[str, Convention]) -> list[list]:
    """The conventions as JSON rows; an example's label (a path) as the example's number, so that the rows
    name no folder."""
    first = _first_example(model)
    return [[name, c.kind, _json_target(c.kind, c.target), first.get(c.source, c.source), c.count]
            + ([list(c.targs)] if c.targs else []) for name, c in sorted(conventions.items())]


def _member_rows(model: ObjectModel, members: dict[tuple, dict[str, Member]]) -> list[list]:
    first = _first_example(model)
    return [[tid[0], tid[1], name, first.get(m.path, m.path), m.line, m.static]
            for tid, ms in sorted(members.items()) for name, m in sorted(ms.items())]


def _decode_members(model: ObjectModel, rows: object) -> dict[tuple, dict[str, Member]] | None:
    """The examples' members back from rows, checked as data from elsewhere (see `_decode_rows`)."""
    if not isinstance(rows, list):
        return None
    members: dict[tuple, dict[str, Member]] = {}
    for row in rows:
        if not (isinstance(row, list) and len(row) == 6 and all(isinstance(x, str) for x in row[:3])
                and isinstance(row[4], int) and not isinstance(row[4], bool) and isinstance(row[5], bool)):
            return None
        module, tname, name, where, line, static = row
        if model.type((module, tname)) is None:
            return None
        if isinstance(where, int) and not isinstance(where, bool) and 0 <= where < len(model.examples):
            where = model.examples[where][0]
        elif not isinstance(where, str):
            return None
        members.setdefault((module, tname), {})[name] = _example_member(name, where, line, static)
    return members


def _first_example(model: ObjectModel) -> dict[str, int]:
    first: dict[str, int] = {}
    for i, (label, _) in enumerate(model.examples):
        first.setdefault(label, i)
    return first


def _decode_rows(model: ObjectModel, rows: object) -> dict[str, Convention] | None:
    """Rows back into conventions, checked as data from elsewhere: every field of its type, an example's
    number among this model's examples, every type or module one names in this model. None if any is not."""
    if not isinstance(rows, list):
        return None
    out: dict[str, Convention] = {}
    for row in rows:
        if not (isinstance(row, list) and len(row) in (5, 6) and isinstance(row[0], str) and row[1] in KINDS
                and isinstance(row[4], int) and not isinstance(row[4], bool)):
            return None
        targs = _decode_targs(row[1], row[5]) if len(row) == 6 else ()
        if targs is None:
            return None
        name, kind, target, source, count = row[:5]
        if kind == "ns":
            if not isinstance(target, str) or target not in model.modules:
                return None
        elif kind == "export":
            target = _decode_target(kind, target)
            if target is None or target[0] not in model.modules or model.export(*target) is None:
                return None
        else:
            target = _decode_target(kind, target)
            if target is None or any(model.type(t) is None for t in (target if kind in SEVERAL else (target,))):
                return None
        if isinstance(source, int) and not isinstance(source, bool) and 0 <= source < len(model.examples):
            source = model.examples[source][0]
        elif not isinstance(source, str):
            return None
        out[name] = Convention(kind, target, source, count, targs)
    return out


def _decode_targs(kind: object, value: object) -> tuple | None:
    """An "inst" convention's type arguments from JSON (a non-empty list of type texts), else None."""
    ok = kind == "inst" and isinstance(value, list) and value and all(isinstance(t, str) for t in value)
    return tuple(value) if ok else None


def _read_cache(model: ObjectModel, inputs: Inputs) -> tuple[dict[str, Convention], dict] | None:
    data = _local_record(model, say=True)
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or data.get("key") != inputs.key:
        return None
    return _decoded(model, data)


def _local_record(model: ObjectModel, say: bool = False) -> object:
    """This workspace's record of the conventions (any key), or None."""
    from lsp_server import integrity

    if model.conventions_cache is None:
        return None
    data, problem = integrity.read_signed_json(model.conventions_cache, SIGNED_AS)
    if problem and say:
        log.info("naming: %s %s; mining again", model.conventions_cache, problem)
    return data


def members_key(model: ObjectModel, inputs: Inputs, conventions: dict[str, Convention]) -> str:
    """What `example_members` is a function of, as one digest: the model (with the code), the engine's own
    examples and the conventions. A record whose conventions' key differs (a workspace file that uses the
    engine was edited) still gives its members when this one is the same: mined again, the conventions are
    usually the same, and the ~200 own examples need not be analysed again to find the same members."""
    own = inputs.examples if model.own_examples is None else inputs.examples[:model.own_examples]
    rows = json.dumps(_rows(model, conventions), separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{inputs.model}\0{','.join(own)}\0{rows}".encode("utf-8", "surrogatepass")).hexdigest()


def _same_members(model: ObjectModel, inputs: Inputs, conventions: dict[str, Convention],
                  records: tuple[object, ...]) -> dict[tuple, dict[str, Member]] | None:
    """The examples' members of the first record (this workspace's cache, an artifact's entry) made from the
    same model, own examples and conventions (`members_key`), checked as data from elsewhere; else None."""
    key = None
    for data in records:
        if isinstance(data, dict) and data.get("version") == CACHE_VERSION and "members_key" in data:
            key = key or members_key(model, inputs, conventions)
            if data["members_key"] == key:
                members = _decode_members(model, data.get("members"))
                if members is not None:
                    return members
    return None


def _decoded(model: ObjectModel, data: dict) -> tuple[dict[str, Convention], dict] | None:
    conventions, members = _decode_rows(model, data.get("conventions")), _decode_members(model, data.get("members"))
    return None if conventions is None or members is None else (conventions, members)


def _read_observations(model: ObjectModel, inputs: Inputs) -> dict[str, list[Observation]]:
    from lsp_server import integrity

    if model.conventions_cache is None:
        return []
    data, _ = integrity.read_signed_json(model.conventions_cache.with_name(OBSERVATIONS_CACHE), OBSERVATIONS_SIGNED_AS)
    return _observations_from(data, inputs)


def _write_cache(model: ObjectModel, inputs: Inputs, conventions: dict[str, Convention],
                 members: dict[tuple, dict[str, Member]], mined: Mined | None) -> None:
    """The conventions and members under their key; the observations of what was mined here, for the next
    mining."""
    from lsp_server import integrity

    path = model.conventions_cache
    if path is None or integrity.cache_folder(path.parent) is None:
        return
    try:
        integrity.write_signed_json(path, {"version": CACHE_VERSION, "key": inputs.key,
                                           "conventions": _rows(model, conventions),
                                           "members": _member_rows(model, members),
                                           "members_key": members_key(model, inputs, conventions)}, SIGNED_AS)
        if mined is not None:
            integrity.write_signed_json(path.with_name(OBSERVATIONS_CACHE), _observations_json(mined),
                                        OBSERVATIONS_SIGNED_AS)
    except OSError as exc:
        log.info("naming: cannot write %s: %s", path, exc)


def _observations_json(mined: Mined) -> dict:
    return {"version": CACHE_VERSION, "model": mined.model,
            "examples": {digest: [[[[name, *_json_key(value)] if value else [name] for name, value in o.consulted],
                                   None if o.pairs is None else [[name, *_json_key(key)] for name, key in o.pairs],
                                   list(o.free)] for o in observations]
                         for digest, observations in mined.examples.items()}}


def _json_key(key: tuple) -> list:
    kind, target = key[:2]
    return [kind, _json_target(kind, target)] + [list(t) for t in key[2:]]


def _json_target(kind: str, target) -> object:
    """A convention's target as JSON: a module name ("ns"), a type id's list, or a list of them ("union",
    "names")."""
    if kind == "ns":
        return target
    # ("export": (module, export name), a pair as a type id is)
    return [list(t) for t in target] if kind in SEVERAL else list(target)


def _decode_target(kind: str, target: object) -> tuple | None:
    """A type id (a list of two strings), or for "union" ("names") a list of 2 to MAX_UNION (MAX_NAMED) of them;
    else None."""
    def tid(value: object) -> tuple | None:
        ok = isinstance(value, list) and len(value) == 2 and all(isinstance(t, str) for t in value)
        return tuple(value) if ok else None
    if kind not in SEVERAL:
        return tid(target)
    if not isinstance(target, list) or not 2 <= len(target) <= (MAX_UNION if kind == "union" else MAX_NAMED):
        return None
    tids = tuple(tid(t) for t in target)
    return tids if all(tids) else None


def _artifact_entry(offered: object) -> dict | None:
    if offered is _FROM_ENV:
        from lsp_server import integrity

        artifact = integrity.artifact_from_env()
        offered = artifact[1].get(ARTIFACT_PART) if artifact is not None else None
    entry = offered.get(ARTIFACT_ENTRY) if isinstance(offered, dict) else None
    return entry if isinstance(entry, dict) and entry.get("version") == CACHE_VERSION else None


def _conventions_from(model: ObjectModel, inputs: Inputs, entry: dict) -> tuple[dict[str, Convention], dict] | None:
    """The artifact's conventions and members if they were mined from exactly these inputs."""
    return _decoded(model, entry) if entry.get("key") == inputs.key else None


def _observations_from(data: object, inputs: Inputs) -> dict[str, list[Observation]]:
    """A record's observations (this workspace's cache or an artifact's), if made with the same model and
    code, of the examples there are; each checked as data from elsewhere (one that is not well formed is left
    out: that example is analysed again)."""
    if not (isinstance(data, dict) and data.get("version") == CACHE_VERSION and data.get("model") == inputs.model
            and isinstance(data.get("examples"), dict) and len(data["examples"]) <= MAX_RECORDED_EXAMPLES):
        return {}
    out: dict[str, list[Observation]] = {}
    for digest in set(inputs.examples):
        variants = data["examples"].get(digest)
        if isinstance(variants, list):
            decoded = [o for o in map(_decode_observation, variants[:ROUNDS]) if o is not None]
            if decoded:
                out[digest] = decoded
    return out


def _decode_observation(value: object) -> Observation | None:
    if not (isinstance(value, list) and len(value) == 3 and isinstance(value[0], list) and isinstance(value[2], list)
            and all(isinstance(n, str) for n in value[2]) and (value[1] is None or isinstance(value[1], list))):
        return None
    consulted = []
    for item in value[0]:
        if not (isinstance(item, list) and item and isinstance(item[0], str)):
            return None
        key = _decode_key(item[1:]) if len(item) > 1 else None
        if len(item) > 1 and key is None:
            return None
        consulted.append((item[0], key))
    pairs = None
    if value[1] is not None:
        pairs = []
        for item in value[1]:
            key = _decode_key(item[1:]) if isinstance(item, list) and item and isinstance(item[0], str) else None
            if key is None:
                return None
            pairs.append((item[0], key))
    return Observation(tuple(consulted), None if pairs is None else tuple(pairs), tuple(value[2]))


def _decode_key(value: list) -> tuple | None:
    """(kind, target) from JSON: a module name for "ns", else a type id (module, name); an "inst" with its type
    arguments (kind, target, targs)."""
    if len(value) not in (2, 3) or value[0] not in KINDS:
        return None
    targs = _decode_targs(value[0], value[2]) if len(value) == 3 else ()
    if targs is None:
        return None
    kind, target = value[:2]
    if targs:
        target = _decode_target(kind, target)
        return (kind, target, targs) if target is not None else None
    if kind == "ns":
        return (kind, target) if isinstance(target, str) else None
    target = _decode_target(kind, target)
    return (kind, target) if target is not None else None


def artifact_entry(model: ObjectModel) -> dict:
    """The conventions for an index artifact (`footprint-ls index build`): under their key, with the
    observations of every example, so a checkout that differs in some examples analyses only those."""
    with _LOCK:
        conventions = ensure_conventions(model, offered=None)
        inputs = inputs_of(model)
        mined = _RECORDS.get(model)
        if mined is None or mined.model != inputs.model:  # read back from the cache: its observations again
            members = model.example_members
            model.add_example_members({})  # as they were mined: before the examples' members were known
            again = mine(model, [_read_observations(model, inputs)])
            model.conventions = conventions
            model.add_example_members(members)
            assert again == conventions, "mining is a function of its inputs"
            mined = _RECORDS[model]
        return {**_observations_json(mined), "key": inputs.key, "conventions": _rows(model, conventions),
                "members": _member_rows(model, model.example_members),
                "members_key": members_key(model, inputs, conventions)}


def examples_analysed(model: ObjectModel) -> int:
    """How many examples the tracker ran over when this process mined the model's conventions (0: read back)."""
    mined = _RECORDS.get(model)
    return mined.analysed if mined is not None else 0


# --- mining -------------------------------------------------------------------------------------------------
def mine(model: ObjectModel, known: list[dict[str, list[Observation]]] | None = None) -> dict[str, Convention]:
    """Mine the conventions of `model.examples`. `known`: records of earlier minings with the same model and
    code; an example's recorded observation that holds under a round's conventions (`Observation.holds`) is
    reused instead of running the tracker over it again."""
    inputs = inputs_of(model)
    reuse: dict[str, list[Observation]] = {}
    for record in known or ():
        for digest, observations in record.items():
            reuse.setdefault(digest, []).extend(observations)
    docs: dict[int, ParsedDocument | None] = {}
    mined = Mined(inputs.model)
    conventions: dict[str, Convention] = {}
    free: Counter = Counter()
    for round_ in range(ROUNDS):
        model.conventions = consulting = _Consulting(conventions)  # the previous round's: they type the
        observed: dict[str, Observation] = {}                      # fragments' undeclared names
        for i, digest in enumerate(inputs.examples):
            if digest in observed:
                continue
            obs = next((o for o in reuse.get(digest, ()) if o.holds(conventions)), None)
            if obs is None:
                if i not in docs:
                    docs[i] = _parse(i, model.examples[i][1])
                consulting.names.clear()
                pairs, names = _observe(model, docs[i]) if docs[i] is not None else (None, ())
                obs = Observation(tuple((n, _seen_as(conventions.get(n))) for n in consulting.names), pairs, names)
                reuse.setdefault(digest, []).append(obs)
                mined.analysed += 1
            observed[digest] = obs
            kept = mined.examples.setdefault(digest, [])
            if obs not in kept:
                kept.append(obs)
        found, free = _aggregate(model, [observed[d] for d in inputs.examples])
        if found == conventions:
            break
        conventions = found
    model.conventions = conventions
    conventions.update(_abbreviations(model, conventions, free))
    conventions.update(_usage_conventions(model, conventions))
    given = {name for obs in observed.values() if obs.pairs for name, _ in obs.pairs}
    conventions.update(_own_name_conventions(model, conventions, given))
    _RECORDS[model] = mined
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
        uses: list[tuple[tuple, str, int, bool]] = []  # (type, member, byte offset, static)
        for a in an.result.accesses:
            if not a.missing or a.usage == "write" or not isinstance(a.recv.tid, tuple):
                continue
            # (a name the example adds by a string, `redis.defineCommand("echo")`, is the docs' use on that
            # receiver whatever typed it)
            if not a.static and a.recv.kind == ValKind.INSTANCE and \
                    (a.recv.evidence is None or _by_convention(a.recv) or a.name in an.result.added):
                if a.recv.evidence is not None and _by_convention(a.recv) and a.name not in an.result.added and \
                        _a_subtype_has(model, a.recv.tid, a.name):
                    continue
                uses.append((a.recv.tid, a.name, a.start, False))
            elif a.static and a.recv.kind == ValKind.CLASS and a.recv.evidence is None:
                # a static on a class or function value the example reached through the engine's exports
                # (`yup.string.default(...)`: the factory function itself, exported as `string`)
                uses.append((a.recv.tid, a.name, a.start, True))
        for (scope, name), used in an.uses.items():
            if scope is None and name not in an.declared and an.free_vals.get(name) is None:
                uses += [(*use, False) for use in _convention_uses(model, name, used)]
        # on the instance of an interface the user's typings fill (codeceptjs's actor `I`, open to any name: no
        # access on it is missing), every name the docs use: the methods they show of helpers the package does
        # not ship (`I.mockRequest(...)` on MockRequest's reference page) are that object's, as the docs say
        for at, recv in an.result.open_engine_receivers.items():
            if isinstance(recv.tid, tuple) and model.merging_hole(recv.tid):
                word = _WORD_AT.match(doc.source, at)
                if word is not None:
                    uses.append((recv.tid, word.group().decode("utf-8", "replace"), at, False))
        for tid, name, at, static in uses:
            if name.startswith("_") or name in OBJECT_MEMBERS or name in found.get(tid, {}):
                continue
            line = _line_in(label, code, texts) + doc.source.count(b"\n", 0, at)
            found.setdefault(tid, {})[name] = _example_member(name, label, line, static)
    return found


_WORD_AT = re.compile(rb"[A-Za-z_$][\w$]*")


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
    return [(conv.target, u, pos) for pos, u, usage in used if usage != "write" and u not in members
            and not _a_subtype_has(model, conv.target, u)]


def _a_subtype_has(model: ObjectModel, tid, name: str) -> bool:
    """`name` is a member of a type extending `tid`: on a receiver typed only by its name's convention
    (`container` -> Container), the docs' `container.addParticle(p)` says the object is that subtype (a
    ParticleContainer), not that every `tid` has the member."""
    return any(o != tid and tid in model.ancestors(o) for o in model.owners(name))


def _example_member(name: str, where: str, line: int, static: bool = False) -> Member:
    return Member(name, "property", path=where, line=line, confidence=MEDIUM, static=static,
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


def _parse(i: int, code: str) -> ParsedDocument | None:
    if not code or len(code) > MAX_EXAMPLE_BYTES:
        return None
    try:
        doc = ParsedDocument.create(f"untitled:example-{i}.js", code)
        if doc.tree is not None and doc.tree.root_node.has_error:
            # a ```ts fence (the fence's language is not kept): `const helper = createColumnHelper<typeof
            # features, Person>()` read as JavaScript is a comparison, no call, and the name gets no type.
            # Read as TypeScript when that parses cleanly, as JavaScript otherwise (JSX, a broken fragment)
            ts = ParsedDocument.create(f"untitled:example-{i}.ts", code)
            if ts.tree is not None and not ts.tree.root_node.has_error:
                return ts
        return doc
    except (RecursionError, ValueError):
        return None


def _observe(model: ObjectModel, doc: ParsedDocument) -> tuple[tuple | None, tuple[str, ...]]:
    """(pairs, free) of one example under the model's current conventions (see Observation)."""
    try:
        an = Analyzer(doc, model)
        an.run()
    except (RecursionError, ValueError):
        return None, ()
    free = tuple(name for (scope, name), uses in an.uses.items()
                 if scope is None and uses and 2 <= len(name) <= 3 and name.islower() and name not in an.declared)
    pairs = []
    aliases = _import_aliases(doc, an)
    for name, key in aliases.items():
        if an.values.get((None, name)) is None:
            pairs.append((name, key))  # an alias of another package's export, or of none: a target still
    for (scope, name), val in an.values.items():
        if val is None or val.any_element:
            continue  # (an element found by selector or id: of a class nobody knows, no name's evidence)
        # an inferred value counts only for a name the example declares, produced by the engine's
        # signatures from another name's inferred type (`const sheet = workbook.addWorksheet()`, `workbook`
        # undeclared), never the name's own guess from its uses, and never a parameter
        if val.evidence is not None and not (name in an.declared and _derived(val, name)):
            continue
        if val.kind == ValKind.INSTANCE and val.tid is not None and val.tid[0] == PLATFORM and \
                (PLATFORM, "EventTarget") not in (val.tid, *model.ancestors(val.tid)):
            # a platform object other than the page's nodes, elements and event targets (which the docs' markup
            # names: a `container`, an `icon`): `fetch(url).then((data) => data.json())`'s `Response`, a `Map`;
            # what an example calls it says nothing of the name in other code
            continue
        if val.kind == ValKind.INSTANCE and val.tid is not None:
            # (with the type arguments written on it: `StoreApi<ConsentStoreState>`)
            key = ("inst", val.tid) + ((tuple(val.targs),) if val.targs else ())
        elif val.kind == ValKind.INTERSECTION and val.extended and len(val.parts) == 1:
            # `let doc = nlp(text)`, `View & PluginTypes` with the plugins' part left to its default: a `View`,
            # whose conventions type a receiver only as far as its uses fit it (`Analyzer.by_convention`)
            part = val.parts[0]
            key = ("inst", part.tid) + ((tuple(part.targs),) if part.targs else ())
        elif val.kind == ValKind.UNION and val.tid and 2 <= len(val.tid) <= MAX_UNION and \
                all(t[0] != PLATFORM for t in val.tid):
            # `let blocker = useBlocker(...)` of a declared union (`type Blocker = BlockerUnblocked |
            # BlockerBlocked | BlockerProceeding`, the state records a hook returns): the name is one of those
            # types, as the "union" convention a name given a few classes says (a member of any of them is
            # real), so a fragment's undeclared `blocker.reset()` is that object's
            key = ("union", tuple(sorted(val.tid)))
        elif val.kind == ValKind.NAMESPACE and val.module:
            key = ("ns", val.module)
        elif val.kind == ValKind.CLASS and val.tid is not None and (_object_of_classes(model, val.tid) or
                                                                    _module_value(model, val)):
            # `import Konva from "konva"`: the package's object of classes; `var ffmpeg =
            # require('fluent-ffmpeg')`: the class a package exports as its whole value
            key = ("obj", val.tid)
        elif scope is None and name in aliases:
            # `import { experimental_getBatchResults as getBatchResults } from 'ai'`: a function (or any other
            # value no kind above names) the docs import under another name
            key = aliases[name]
        else:
            continue
        pairs.append((name, key))
    # each method that uses `this` in the example's classes that extend an engine class: `this` is that class
    # (`class Level extends Eng.Scene { create() { this.add... } }`), the convention for `this` in fragments
    # and plain functions (`types.Analyzer.conventional_this`); "this" is no variable's name
    for cls in an.this_methods.values():
        found = an.class_this.get(cls)
        if found is not None and found[0].tid is not None:
            pairs.append(("this", ("inst", found[0].tid)))
    return tuple(pairs), free


def _import_aliases(doc: ParsedDocument, an: Analyzer) -> dict[str, tuple]:
    """The names an example's top-level imports bind under another name than the export's (`import {
    experimental_getBatchResults as getBatchResults } from 'ai'`), each with ("export", (module, export)): the
    model's module, or the specifier as written when the model has no such module (another package's export,
    which no convention names, but which makes the alias ambiguous)."""
    out: dict[str, tuple] = {}
    for node in doc.tree.root_node.named_children:
        src = node.child_by_field_name("source") if node.type == "import_statement" else None
        if src is None:
            continue
        written = doc.node_text(src).strip("\"'`")
        spec = an.module_name(written)
        if spec not in an.model.modules or an.subpath_namespace(written) is not None:
            spec = written
        for b in import_bindings(doc.source, node):
            local = doc.node_text(b.local)
            if b.imported not in (DEFAULT, NAMESPACE) and local != b.imported:
                out[local] = ("export", (spec, b.imported))
    return out


def _aggregate(model: ObjectModel, observed: list[Observation]) -> tuple[dict[str, Convention], Counter]:
    """One round's conventions from every example's observation, in the examples' order."""
    seen: dict[str, Counter] = defaultdict(Counter)
    where: dict[tuple[str, tuple], str] = {}
    free: Counter = Counter()  # short undeclared names used as receivers
    # the type arguments each (name, key) was seen with (() for none): a convention binds them only when every
    # example agrees (`consentStore` always a `StoreApi<ConsentStoreState>`)
    targs: dict[tuple[str, tuple], set] = defaultdict(set)
    for (label, _), obs in zip(model.examples, observed):
        if obs.pairs is None:
            continue
        for name in obs.free:
            free[name] += 1
        for name, key in obs.pairs:
            targs[(name, key[:2])].add(key[2] if len(key) > 2 else ())
            key = key[:2]
            seen[name][key] += 1
            where.setdefault((name, key), label)
    out: dict[str, Convention] = {}
    for name, counts in seen.items():
        if any(k[0] == "export" for k in counts):
            # an import alias binds a free name only when the docs give it one target, always (`generateVideo`
            # imported from the engine and from another package is neither) and that target is the engine's;
            # it says nothing of the name's other kinds (counted as before, without it)
            key, n = counts.most_common(1)[0]
            if len(counts) == 1 and key[1][0] in model.modules and model.export(*key[1]) is not None:
                out[name] = Convention(key[0], key[1], where[(name, key)], n)
            counts = Counter({k: c for k, c in counts.items() if k[0] != "export"})
            if not counts:
                continue
        key, n = counts.most_common(1)[0]
        if n / sum(counts.values()) < AGREEMENT:
            key, n = _same_shape_base(model, counts)
        if (key is None or n / sum(counts.values()) < AGREEMENT) and \
                (widest := _covering_subtype(model, counts)) is not None:
            # `const result = await client.signAndExecuteTransaction(...)` (a `GrpcTransactionResult`, declared
            # `TransactionResult<I> & { protoJson: ... }`) here, `await keypair.signAndExecuteTransaction(...)`
            # (the `TransactionResult` union itself) there: they agree on the type that extends the union
            key, n = widest
        if (key is None or n / sum(counts.values()) < AGREEMENT) and \
                (covering := _covering_union(counts)) is not None:
            # `const renderer = await autoDetectRenderer()` (a declared union) here, `new WebGLRenderer()` (one
            # of its types) there: they agree on that union
            key, n = covering
        if key is not None and n / sum(counts.values()) >= AGREEMENT:
            agreed = targs.get((name, key), set())
            out[name] = Convention(key[0], key[1], where[(name, key)], n,
                                   next(iter(agreed)) if key[0] == "inst" and len(agreed) == 1 else ())
        elif (union := _small_union(counts)) is not None:
            out[name] = Convention("union", union, where[(name, ("inst", union[0]))], sum(counts.values()))
        elif (union := _small_union(counts, MAX_NAMED)) is not None:
            out[name] = Convention("names", union, where[(name, ("inst", union[0]))], sum(counts.values()))
    return out, free


def _covering_subtype(model: ObjectModel, counts: Counter) -> tuple[tuple, int] | None:
    """The instance type a name's examples give it that extends the declared unions its other observations are
    (`_observe`'s "union" keys: each of the union's types is one of its bases or what one computes to,
    `ObjectModel.computed_parts`), with how many observations it covers: its own and those unions'. Its members
    are all of theirs and its own, so a name typed so never lacks a member a value of the union has. None when
    no instance type extends any of the unions."""
    best = None
    unions = [k for k in counts if k[0] == "union"]
    for key in counts:
        if key[0] != "inst" or not unions:
            continue
        covered = [u for u in unions if set(u[1]) <= _extended(model, key[1])]
        if covered:
            n = counts[key] + sum(counts[u] for u in covered)
            if best is None or n > best[1]:
                best = (key, n)
    return best


def _extended(model: ObjectModel, tid) -> set:
    """The types `tid` extends: its ancestors and the object types their bases compute to (an intersection
    with a union alias: `type GrpcResult<I> = Result<I> & {...}` extends each of `Result`'s object types)."""
    out = set(model.ancestors(tid))
    for owner in (tid, *out):
        t = model.type(owner)
        for base in t.bases if t is not None else ():
            out.update(model.computed_parts(owner[0], base) or ())
    return out


def _covering_union(counts: Counter) -> tuple[tuple, int] | None:
    """The declared union a name's examples give it (`_observe`'s "union" keys) that covers the most of its
    other observations, with how many it covers: itself and the instances of one of its types (each agrees
    with it). None when the name has no such union."""
    best = None
    for key in counts:
        if key[0] != "union":
            continue
        parts = set(key[1])
        n = sum(c for k, c in counts.items() if k == key or (k[0] == "inst" and k[1] in parts))
        if best is None or n > best[1]:
            best = (key, n)
    return best


def _small_union(counts: Counter, most: int = MAX_UNION) -> tuple | None:
    """The classes of a name the examples disagree on, when a few of them say as much as one class must: every
    instance type shown at least twice (one example is an accident: `const client = new Pool()`, tolerated as
    the one-class rule tolerates a fifth), 2 to MAX_UNION of them, together covering UNION_AGREEMENT of its
    declared occurrences. In the order of their counts. An object typed so has the members of any of them (`Val` INTERSECTION: a
    member is missing only when every part lacks it): no name a real one of them has is ever reported, while
    a name none has is. A name given more classes (`res`, `result`) stays untyped; up to `most` (MAX_NAMED: a
    "names" convention) it still names whose object it is, for the vocabulary check's near misses."""
    shown = [(key, n) for key, n in counts.most_common() if n >= 2]
    if most == MAX_NAMED and len(shown) > most and all(key[0] == "inst" for key, _ in shown):
        # more classes than a "names" convention lists: the `most` most shown, when they alone cover as much
        # (the rest a tail, as a class shown once is: many docs pages show `result` of one call each)
        shown = shown[:most]
    if not 2 <= len(shown) <= most or any(key[0] != "inst" for key, _ in shown):
        return None
    if sum(n for _, n in shown) / sum(counts.values()) < UNION_AGREEMENT:
        return None
    return tuple(key[1] for key, _ in shown)


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
    """The class is its module's whole value (`module.exports = FfmpegCommand`, `export = X`), or the namespace
    of the object that is (`module.exports = reflect`, `reflect` an object of known keys: a value of type
    `typeof reflect`), which `var canReflect = require("can-reflect")` binds; or, in an ES module without a whole
    value, its default export declared as a callable namespace (`declare function nlp(...)` merged with `declare
    namespace nlp`, `export default nlp`), which `import nlp from "compromise"` binds: the docs' later blocks call
    `nlp(...)` bare, as a whole value's are."""
    exp = model.export(val.module, "=") if val.module in model.modules else None
    if exp is not None and exp[0] == "value" and val.tid is not None and val.tid[0] == val.module:
        t = model.type(val.tid)
        return t is not None and t.kind == "namespace" and exp[1].type == f"typeof {t.name}"
    module = val.module or (val.tid[0] if isinstance(val.tid, tuple) else "")
    if exp is None and module in model.modules and val.tid is not None and val.tid[0] == module and \
            "=" not in model.modules[module].exports:
        t = model.type(val.tid)
        return t is not None and model.modules[module].exports.get("default") == t.name and \
            CALL in model.statics(val.tid)
    return exp is not None and exp[0] == "type" and exp[1] == val.tid


def _derived(val, name: str) -> bool:
    """The value was produced from another binding's inferred type (the evidence is that binding's)."""
    return val.evidence.name != name


USAGE_MIN_MEMBERS = 3  # distinct members the engine's examples use on an undeclared name, 2 of them no platform name


def _usage_conventions(model: ObjectModel, conventions: dict[str, Convention]) -> dict[str, Convention]:
    """Names the engine's own examples use without ever declaring them (`cy.collection()`, `cy.nodes()`,
    `cy.add(...)` in a typings file's doc comments; `anim.play()`, `anim.progress()`): the one engine type
    that has every member they use on the name, when they use at least USAGE_MIN_MEMBERS distinct ones (two
    of them no platform name: `arr.push()` says nothing). Several such types that all extend one of them agree
    on that base (`Tween` and `Timeline` beside `Animation`). What the examples show of a name, not a guess from
    one file's use; a workspace file's own declaration of the name still wins (the tracker types it)."""
    used: dict[str, set[str]] = defaultdict(set)
    platform = builtin_members()
    for i, (_, code) in enumerate(model.examples[:model.own_examples]):
        doc = _parse(i, code)
        if doc is None or doc.tree is None:
            continue
        declared = scopes_of(doc).declared_anywhere()
        for node in queries.captures(doc.language, "evidence", doc.tree.root_node).get("member", ()):
            obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
            if obj is None or prop is None or prop.type != "property_identifier" or \
                    node.parent is not None and node.parent.type == "assignment_expression" and \
                    node.parent.child_by_field_name("left") == node:
                continue
            name = doc.node_text(obj)
            if name[:1].islower() and name not in declared and name not in conventions and name not in GLOBALS:
                used[name].add(doc.node_text(prop))
    out: dict[str, Convention] = {}
    types = spaces = None
    for name, members in used.items():
        members -= OBJECT_MEMBERS
        if len(members) < USAGE_MIN_MEMBERS or len(members - platform) < 2:
            continue
        if types is None:
            types = [(tid, set(model.members(tid))) for tid in model.object_types() if model.closed(tid)]
        fits = [tid for tid, has in types if members <= has]
        base = next((b for b in fits if all(t == b or _inherits(model, t, b) for t in fits)), None)
        if base is not None:
            out[name] = Convention("inst", base, f"`{name}` used so in the engine's examples", len(members))
            continue
        if fits:
            continue  # an instance of one of several types: no module's object either
        # no type has them all: the engine's one namespace object of classes that exports every one of them
        # (`agentcore.Runtime`, `agentcore.Gateway`, `agentcore.Memory` in the docs of a module folder whose
        # import they leave out, no other module of the package exporting all three): that module's namespace,
        # as `import * as agentcore from 'pkg/agentcore'` would bind it. Module namespaces of one package
        # share many names (`Runtime`, `Code`); at least USAGE_MIN_MEMBERS distinct names, and exactly one
        # module's namespace having every one, say which module it is.
        if spaces is None:
            spaces = [((m, n), set(model.statics((m, n)))) for m, mod in model.modules.items()
                      for n, t in mod.types.items() if t.kind == "namespace" and model.closed((m, n))
                      and _object_of_classes(model, (m, n))]
        fits = [tid for tid, has in spaces if members <= has]
        # (one file re-exported under several names, `export * as x` in several files: the same module, each
        # namespace with the same members of the same types)
        if len({frozenset((n, m.type) for n, (m, _) in model.statics(tid).items()) for tid in fits}) == 1:
            out[name] = Convention("obj", fits[0], f"`{name}` used so in the engine's examples", len(members))
    return out


def own_name(type_name: str) -> str:
    """The variable name a type's own name gives its instances: `Dispatcher` -> `dispatcher`, `PDFDocument` ->
    `pdfDocument`, `URL` -> `url` (a leading run of capitals is lowered but for the one that starts a word)."""
    run = len(type_name) - len(type_name.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    if run > 1 and run < len(type_name):
        run -= 1
    return type_name[:max(run, 1)].lower() + type_name[max(run, 1):]


def _unannotated_parameter(d) -> bool:
    """A parameter declared by its bare name with no type annotation: `(header) => ...` in JavaScript, or
    TypeScript's `required_parameter` / `optional_parameter` wrapping the name with no `type` field."""
    if d.kind != "param":
        return False
    if d.top.id == d.node.id:
        return True
    pattern = d.top.child_by_field_name("pattern")
    return d.top.type in ("required_parameter", "optional_parameter") and \
        d.top.child_by_field_name("type") is None and pattern is not None and pattern.id == d.node.id


def _own_name_conventions(model: ObjectModel, conventions: dict[str, Convention],
                          given: set[str]) -> dict[str, Convention]:
    """A name the engine's own examples use as a receiver without ever declaring it, spelled as one engine
    class's own name or the name its package exports it as (`dispatcher.close()` in the docs' fragments, of the
    `Dispatcher` class; `observable.subscribe()` of `RelayObservable`, exported as `Observable`): an instance of
    that class, the plainest naming convention there is (`const dispatcher: Dispatcher`), and the docs' own
    way of speaking of one. Only a closed class (or an interface with a method: `Header`, an intersection alias,
    not a bag of options) of MEDIUM confidence or more that exactly one type of the engine is called; never a
    name an example declares anywhere (a variable, a typed or destructured parameter: `const layer =
    map.createLayer()` is not the engine's `Layer`, `(gameObject: Sprite) => ...` may be any subclass; an
    untyped parameter only where it reads a name the type lacks, `(header) => header.table` being no evidence
    against `Header`) or calls
    (`dayjs(...)`: a function, though the engine's class is `Dayjs`), no module or export name, nor a platform
    type's name (`response` for an engine's own `Response`: the platform's object is as likely), a name the
    examples give another type or none they agree on, a global or a data name (`options`). As every
    convention: an inference, used only when the file's uses fit the type (`Analyzer.by_convention`)."""
    from lsp_server.knowledge.builtin_names import is_builtin_type
    from lsp_server.knowledge.types import DATA_NAMES

    declared: set[str] = set()
    used: set[str] = set()  # receivers the examples use undeclared (`dispatcher.close()`)
    # names an example declares only as parameters with no annotation, and the members read on them there
    # (`fn: (header) => readDensity(header.table)`): no value says what they are; a type that has every such
    # member may still be the convention (see below)
    as_param: dict[str, set[str]] = defaultdict(set)
    for i, (_, code) in enumerate(model.examples[:model.own_examples]):
        doc = _parse(i, code)
        if doc is None or doc.tree is None:
            continue
        scopes = scopes_of(doc)
        here = scopes.declared_anywhere()
        for d in scopes.declarations():
            if _unannotated_parameter(d):
                as_param[d.name]
            else:
                declared.add(d.name)
        found = queries.captures(doc.language, "evidence", doc.tree.root_node)
        for node in found.get("member", ()):
            obj = node.child_by_field_name("object")
            if obj is not None and obj.type == "identifier" and doc.node_text(obj) not in here:
                used.add(doc.node_text(obj))
            elif obj is not None and obj.type == "identifier" and doc.node_text(obj) in as_param:
                prop = node.child_by_field_name("property")
                if prop is not None:
                    as_param[doc.node_text(obj)].add(doc.node_text(prop))
        # a name the examples call (`dayjs('2018-08-08')`) is a function: the package's value, no instance
        declared.update(doc.node_text(f) for n in found.get("call", ())
                        if (f := n.child_by_field_name("function")) is not None and f.type == "identifier")
    for name, mod in model.modules.items():  # the package's own name and its exports are its values
        declared.add(name)
        declared.update(mod.exports)
    by_name: dict[str, set] = defaultdict(set)
    for tid in model.object_types():
        t = model.type(tid)
        # a class, or an interface of an object with behaviour (a method among its members: `Header`, whose
        # typings make it an intersection alias; not a bag of data or options)
        if t is not None and (t.kind == "class" or t.kind == "interface" and any(
                m.kind == "method" for m, _ in model.members(tid).values())) and not tid[1].startswith("_"):
            by_name[own_name(tid[1])].add(tid)
            # and by the name its package exports it as, the one users know it by (`export { RelayObservable as
            # Observable }`: the docs' `observable.subscribe(...)`)
            exported = model.exported_name(tid)
            if exported != tid[1] and "$" not in exported and not exported.startswith("_"):
                by_name[own_name(exported)].add(tid)
    out: dict[str, Convention] = {}
    for name, tids in by_name.items():
        if len(tids) == 1 and name in as_param and name not in declared and \
                not as_param[name] <= set(model.members(next(iter(tids)))):
            continue  # a parameter of an example reads a name the type lacks: it is something else there
        if len(tids) != 1 or name not in used or name in declared or name in conventions or name in given \
                or name in GLOBALS or name in DATA_NAMES or not name[:1].islower() or len(name) < 4:
            continue
        tid = next(iter(tids))
        if is_builtin_type(tid[1]) or is_builtin_type(model.exported_name(tid)) or not model.closed(tid) or \
                model.type_confidence(tid) < MEDIUM:
            continue
        what = "class" if model.type(tid).kind == "class" else "type"
        out[name] = Convention("inst", tid, f"`{name}` named after the engine's {what} `{model.exported_name(tid)}`", 0)
    return out


def _abbreviations(model: ObjectModel, conventions: dict[str, Convention], free: Counter) -> dict[str, Convention]:
    targets = {c.target for c in conventions.values() if c.kind == "inst"}
    # a name a package exports (@mysten/sui's `bcs`) is that value in a fragment that leaves its import out, not
    # an abbreviation of some type's name (`BuildTransactionOptions`)
    exported = {n for mod in model.modules.values() for n in mod.exports}
    out = {}
    for name in free:
        if name in conventions or name in NOT_ABBREVIATIONS or name in exported:
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
