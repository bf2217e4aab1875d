"""The docs index: the only module that imports whoosh.

Owns the code-aware analyzer (identifiers kept whole AND split: `addRow` is found by `addRow`, `add row` and
`addrow`; `snake_case` likewise), the index schema (one match field where identifiers count twice, plus
optional boosts for query terms in the heading and for the symbol a chunk is about), and `DocsIndex`,
the workspace service that keeps the index of `[docs] paths` (plus doc comments of object-model sources)
on disk under `<cache_dir>/docs-index`:

- a full build goes to a temporary folder beside the final one and is swapped in (`storage.swap_directory`),
  so a kill mid-build leaves the previous index (or none), never a torn one; leftovers of dead builds are
  removed;
- `manifest.json` (written last) records each doc file's content hash and chunk count, and the SHA-256 of
  every file of the index folder; it is signed with the user's key (`integrity`). whoosh unpickles index
  files when it opens them, so before `open_dir` the signature and every file's digest are checked: an
  index Footprint did not write (planted in a predictable cache folder or shipped by a repository), a
  missing or unsigned manifest, an unknown, missing or changed file, or a kill between commit and manifest
  means the folder is deleted and rebuilt, with one log line;
- writers (full-build swap, incremental commit + manifest) and openers take `docs-index.lock` in turn, so
  a process never sees another's commit without its manifest;
- a cache folder that cannot be used (another user's, not writable, a full disk) gives one log line and
  an index kept in memory for this process;
- a changed doc file is re-indexed alone (hash per file), at start-up and on `Service.update`.

Searches return `IndexHit`s holding every query term (after the analyzer) and a snippet with the matched
terms marked `**like this**`.
"""

from __future__ import annotations

import bisect
import contextlib
import logging
import math
import os
import re
import shutil
import threading
import time
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path, PurePosixPath
from types import SimpleNamespace

from whoosh.lang.porter import stem as porter_stem  # one small module: not the rest of whoosh (see _whoosh)

from lsp_server import integrity, storage
from lsp_server.knowledge.docs_settings import DocsConfig
from lsp_server.knowledge.chunker import DocChunk, chunk_file, is_doc_file, subject_symbols
from lsp_server.knowledge.aliases import mine_aliases
from lsp_server.workspace import DOCS_SKIPPED_DIRS, BinaryFile, Progress, Service, Workspace, is_binary, service

log = logging.getLogger(__name__)

FORMAT = 12  # (11: round 38's tag pages, measured, not shipped) bump when the schema, analyzer or chunker changes: old indexes are rebuilt
INDEX_DIR = "docs-index"
MANIFEST = "manifest.json"
SIGNED_AS = "docs-index-manifest"  # what the manifest's signature is for (see integrity.sign)
LEAD_COMPOUNDS = True  # a lead's lowercase compounds also by their words, as headings' are (`compound_parts`)
GREP_SHORTER_FIRST = True  # grep's ties: the shorter chunk first (it is more about the words), not the docs' order
# `DocsIndex.file_affinity`: a file whose page title the question names (`title_matches`) gains this much
# affinity (0: off); the file prior and the page ranking read it (lsp_server/knowledge/lookup.py). Measured, not
# shipped (round 18 after its held-out run): at 4, 338 -> 337 of the 825 dev questions; howto_cv's variants
TITLE_AFFINITY = 0.0
# `DocsIndex.file_affinity` counts a file's sections, not its chunks: a section split into many chunks (a long
# generated reference table, `chunker.SPLIT_TABLES`) is one thing the file is about, and its chunks no more
# dilute the file's (and its collection's) share of a word than they add to it. Off with the table split (measured
# together, not shipped: docs/evaluation/after-runs.md, "Round 20 after the held-out run: howto20")
AFFINITY_BY_SECTION = False
HEADING_BOOST = 1.0  # a query term that is also in the chunk's heading path (1.5 before round 6: see howto_cv)


# --- analyzer ---------------------------------------------------------------------------------------------
# A number with a unit or suffix (`8t`, `4n`, `100px`, `3d`, `2x`) is one token: docs write such literals as
# values (note lengths, CSS sizes) that a question quotes; split, they were a bare digit and a lost letter.
_TOKEN = re.compile(r"(?:[^\W\d]|\$)[\w$]*|\d+[A-Za-z]+(?![\w$])|\d+")
_CAMEL = re.compile(r"[A-Z]{2,}(?=[A-Z][a-z]|\d|$)|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_A-Za-z]+")
# whoosh's English stop words (whoosh.analysis.STOP_WORDS, written out so the analyzer loads without whoosh;
# tests/unit/test_docs_index.py checks they still agree) plus the words of a question ("how do I ...") that
# never carry its subject.
WHOOSH_STOP_WORDS = frozenset(
    "a an and are as at be by can for from have if in is it may not of on or tbd that the this to us we when "
    "will with yet you your".split())
STOPWORDS = WHOOSH_STOP_WORDS | frozenset(
    "how do does did doing done can could would should shall what why when where which who whom whose i me my "
    "mine we our ours you your yours they them their he she his her its am been being was were has had have "
    "having there here any many much every each all some several multiple want need needs way ways possible "
    "best just also only very really please so than then these those into onto about".split())


@lru_cache(maxsize=200_000)
def _stem(word: str) -> str:
    return porter_stem(word)


@lru_cache(maxsize=200_000)
def token_terms(token: str, query: bool) -> tuple[str, ...]:
    """The index terms of one source token. A compound identifier gives its whole normalized form
    (lowercase, `_`/`$` dropped: `addRow`, `add_row` and `ADDROW` all give `addrow`) and, when indexing,
    its stemmed parts; in a query it stands for itself only, so `addRows` never matches `addRow`.
    A plain word is lowercased and stemmed; stop words and one-letter words give nothing."""
    pieces = [p for p in re.split(r"[_$]+", token) if p]
    parts = [m.group(0) for piece in pieces for m in _CAMEL.finditer(piece)]
    if len(parts) > 1:
        whole = token.lower().replace("_", "").replace("$", "")
        if query:
            return (whole,)
        out = [whole]
        for p in parts:
            low = p.lower()
            if len(low) >= 2 and low not in STOPWORDS:
                out.append(_stem(low) if low.isalpha() else low)
        return tuple(dict.fromkeys(out))
    word = token.lower().strip("_$")
    if len(word) < 2 or word in STOPWORDS:
        return ()
    stemmed = _stem(word) if word.isalpha() else word
    if query and stemmed != word:
        return (stemmed, word)  # alternatives: `maxrows` is also the whole form of `max_rows`
    return (stemmed,)


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def identifier_words(identifier: str) -> list[str]:
    """`addHeaderRow` -> ['add', 'header', 'row'] (lowercase, singular)."""
    pieces = [p for p in re.split(r"[_$]+", identifier) if p]
    return [singular(m.group(0).lower()) for piece in pieces for m in _CAMEL.finditer(piece)]


_LEADS = frozenset("on is to at by of in".split())  # short first words of compound names: `onload`, `isopen`
_WORDS = re.compile(r"[A-Za-z]+")


def word_vocabulary(text: str) -> frozenset[str]:
    """The lowercase words (3+ letters) a doc file spells: what a compound name may be split into."""
    return frozenset(w.lower() for w in _WORDS.findall(text) if len(w) >= 3)


def compound_parts(token: str, vocabulary: frozenset[str]) -> list[str]:
    """The words of a lowercase compound name that the docs spell on their own: `onloaderror` -> on,
    loaderror, load, error; `autounlock` -> auto, unlock. A part is a word of 4+ letters (3 after a short
    lead: `onend`), so English words are rarely cut (`append`, `random` stay whole); [] when it is none.
    A camelCase name needs no help: the analyzer splits it."""
    if not (token.isalpha() and token.islower() and len(token) >= 5):
        return []
    for i in range(2, len(token) - 2):
        head, tail = token[:i], token[i:]
        lead = head in _LEADS
        if not (lead or (len(head) >= 4 and head in vocabulary)):
            continue
        if tail in vocabulary and len(tail) >= (3 if lead else 4):
            return [head, tail, *compound_parts(tail, vocabulary)]
        rest = compound_parts(tail, vocabulary)  # `on` + `loaderror`, itself `load` + `error`
        if rest:
            return [head, *rest]
    return []


def analyze(text: str, query: bool = False) -> list[tuple[str, int, int]]:
    """(term, start char, end char) for every term of `text`, in order."""
    out = []
    for m in _TOKEN.finditer(text):
        for term in token_terms(m.group(0), query):
            out.append((term, m.start(), m.end()))
    return out


def query_groups(text: str) -> list[tuple[str, ...]]:
    """The query's terms, one group of alternatives per word (a chunk must match one of each group)."""
    groups: dict[tuple[str, ...], None] = {}
    for m in _TOKEN.finditer(text):
        alternatives = token_terms(m.group(0), True)
        if alternatives:
            groups.setdefault(alternatives, None)
    return list(groups)


def query_terms(text: str) -> list[str]:
    """The distinct terms of a query, in order (the first alternative of each word)."""
    return list(dict.fromkeys(g[0] for g in query_groups(text)))


# --- whoosh, imported on first use -----------------------------------------------------------------------
# whoosh costs ~40 ms to import (asyncio included, through cached_property), more than `footprint-ls check`
# spends checking a file, and a check never touches the docs index. So it is imported when an index is first
# built, opened or searched; the classes that subclass whoosh's are made then, once.
_WHOOSH_LOCK = threading.Lock()


def _whoosh() -> SimpleNamespace:
    # Locked: `functools.cache` lets two threads' first calls (two workspaces building their docs indexes at
    # once) each make their own CodeTokenizer class, and the schema pickled with the one the module does not
    # return then fails to write ("not the same object").
    with _WHOOSH_LOCK:
        return _whoosh_once()


@cache
def _whoosh_once() -> SimpleNamespace:
    from whoosh import index
    from whoosh.analysis import Token, Tokenizer
    from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
    from whoosh.filedb.filestore import RamStorage
    from whoosh.query import And, AndMaybe, DisjunctionMax, Or, Prefix, Term

    class CodeTokenizer(Tokenizer):
        """whoosh adapter of `analyze` (mode "query" from the query side, anything else is indexing)."""

        def __eq__(self, other):
            return type(other) is type(self)

        def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                     start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
            t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
            if not tokenize:
                t.original = t.text = value
                t.boost = 1.0
                if positions:
                    t.pos = start_pos
                if chars:
                    t.startchar, t.endchar = start_char, start_char + len(value)
                yield t
                return
            for pos, (term, s, e) in enumerate(analyze(value, query=mode == "query")):
                t.text = term
                t.boost = 1.0
                t.stopped = False
                if keeporiginal:
                    t.original = value[s:e]
                if positions:
                    t.pos = start_pos + pos
                if chars:
                    t.startchar, t.endchar = start_char + s, start_char + e
                yield t

    class MemoryStorage(RamStorage):
        """A whoosh storage wholly in memory. RamStorage puts a writer's temporary files in a FileStorage under
        a fixed name in the shared temp folder (`/tmp/MAIN.tmp`), where another user could plant or swap them
        (they hold pickled stored fields), and a full disk would fail the build: keep them in memory too."""

        def temp_storage(self, name=None):
            return RamStorage()

    # whoosh pickles the schema, so its analyzer, into the index: by reference to
    # lsp_server.knowledge.docs_index.CodeTokenizer, found again through the module's __getattr__ below.
    CodeTokenizer.__qualname__ = "CodeTokenizer"
    return SimpleNamespace(index=index, ID=ID, KEYWORD=KEYWORD, STORED=STORED, TEXT=TEXT, Schema=Schema,
                           And=And, AndMaybe=AndMaybe, DisjunctionMax=DisjunctionMax, Or=Or, Prefix=Prefix, Term=Term,
                           CodeTokenizer=CodeTokenizer, MemoryStorage=MemoryStorage)


def __getattr__(name: str):
    if name == "CodeTokenizer":  # unpickling an index's schema (see _whoosh)
        return _whoosh().CodeTokenizer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_schema():
    w = _whoosh()
    ID, KEYWORD, STORED, TEXT = w.ID, w.KEYWORD, w.STORED, w.TEXT
    code = w.CodeTokenizer()
    return w.Schema(
        id=ID(stored=True, unique=True),
        path=ID(stored=True),
        lines=STORED,
        kind=STORED,
        body=STORED,
        ident_list=STORED,
        # Matching runs on one field holding heading, identifiers (again: they weigh more) and body, so each
        # query term is one posting list to intersect, not a union of three. No positions (phrase=False):
        # we never run phrase queries, and the index is smaller and faster.
        all=TEXT(analyzer=code, phrase=False),
        # Optional boosts, scored only on chunks that already match every term:
        heading=TEXT(analyzer=code, stored=True, phrase=False),
        # Normalized names the chunk is about (`table.addrow addrow`): a query naming one ranks it first.
        symbol=KEYWORD(lowercase=True, scorable=True),
        idents=TEXT(analyzer=code, phrase=False),  # the identifier vocabulary (did-you-mean, has_identifier)
        # What a section says it is about: its heading and first paragraph (chunker.lead_of), its lowercase
        # compounds split into the file's words too. The how-to search's lead ranking.
        lead=TEXT(analyzer=code, phrase=False),
    )


SYMBOL_BOOST = 4.0
API_CHUNK_BOOST = 0.9
_QUERY_SYMBOL = re.compile(r"(?:[^\W\d]|\$)[\w$]*(?:\.(?:[^\W\d]|\$)[\w$]*)*")


def normalize_symbol(name: str) -> str:
    return name.lower().replace("_", "").replace("$", "")


def query_symbols(text: str) -> list[str]:
    """Code-like names in a query (dotted, camelCase, snake_case or Capitalized), normalized."""
    out: dict[str, None] = {}
    for m in _QUERY_SYMBOL.finditer(text):
        name = m.group(0)
        if "." in name or re.search(r"[a-z][A-Z]|_", name) or name[:1].isupper():
            out.setdefault(normalize_symbol(name), None)
            if "." in name:
                out.setdefault(normalize_symbol(name.rsplit(".", 1)[-1]), None)
    return list(out)


# --- results ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class IndexHit:
    path: Path
    start_line: int
    end_line: int
    heading: str
    snippet: str
    score: float
    text: str
    identifiers: tuple[str, ...]
    kind: str
    chunk_id: str

    @classmethod
    def of(cls, stored: dict, score: float, wanted: set[str]) -> "IndexHit":
        """A hit from a chunk's stored fields, its snippet marking the `wanted` terms."""
        start, end = stored["lines"]
        return cls(Path(stored["path"]), start, end, stored["heading"], mark_snippet(stored["body"], wanted),
                   round(score, 4), stored["body"], tuple(stored.get("ident_list") or ()),
                   stored.get("kind", "prose"), stored["id"])


@dataclass
class SearchOutcome:
    hits: list[IndexHit]
    terms: list[str]
    missing: list[str] = field(default_factory=list)  # query terms no chunk holds


def mark_snippet(text: str, terms: set[str], max_lines: int = 3, max_chars: int = 320) -> str:
    """The lines of `text` holding the most distinct query terms (with neighbours), matches marked."""
    lines = text.split("\n")
    best, best_key = 0, (-1, 0)
    for i, line in enumerate(lines):
        found = {t for t, _, _ in analyze(line) if t in terms}
        key = (len(found), -i)
        if key > best_key:
            best, best_key = i, key
    lo = best - 1 if best > 0 and max_lines >= 3 and lines[best - 1].strip() else best
    hi = min(len(lines), lo + max_lines)
    out = []
    for line in lines[lo:hi]:
        marked, last = [], 0
        for m in _TOKEN.finditer(line):
            if set(token_terms(m.group(0), False)) & terms:
                marked.append(line[last:m.start()] + "**" + m.group(0) + "**")
                last = m.end()
        marked.append(line[last:])
        out.append("".join(marked).rstrip())
    snippet = "\n".join(x for x in out if x.strip())
    return snippet if len(snippet) <= max_chars else snippet[: max_chars - 1].rstrip() + "…"


# --- doc sources ------------------------------------------------------------------------------------------
def doc_roots(ws: Workspace) -> list[Path]:
    """The configured doc folders and files, plus object-model sources (their doc comments)."""
    cfg = ws.settings.get(DocsConfig)
    roots = [Path(p) for p in cfg.paths]
    if cfg.include_object_model:
        raw = ws.settings.values.get("object_model", {}).get("sources", [])
        bases = [ws.root, *ws.settings.packs]
        for item in raw if isinstance(raw, list) else []:
            p = item.get("path") if isinstance(item, dict) else item
            if not isinstance(p, str) or not p:
                continue
            candidates = [Path(p)] if Path(p).is_absolute() else [b / p for b in bases]
            found = next((c.resolve() for c in candidates if c.exists()), None)
            if found is not None and found not in roots:
                roots.append(found)
    return roots


def _walked(path: Path, roots: list[Path]) -> bool:
    """Whether `doc_files`' walk reaches `path`: under a docs root, in no folder it skips (DOCS_SKIPPED_DIRS). A
    file changed on disk is indexed on the same terms as at a full build (a README edited under
    `docs/node_modules/` is not)."""
    for root in roots:
        if path == root:
            return True
        if root in path.parents:
            return not any(part in DOCS_SKIPPED_DIRS for part in path.relative_to(root).parts[:-1])
    return False


def doc_files(ws: Workspace) -> list[Path]:
    seen: dict[Path, None] = {}
    for root in doc_roots(ws):
        if not root.exists():
            log.info("[docs] path not found: %s", root)
            continue
        for path in ws.files(root, languages=None, skipped=DOCS_SKIPPED_DIRS):
            if is_doc_file(path):
                seen.setdefault(path.resolve(), None)
    return list(seen)


# The code that decides what an index holds (chunking, the fields it fills, mined aliases): its hash is part of
# the key, so an index built by other code is rebuilt even when FORMAT was not bumped (it once served a tuning
# run an index the previous chunker had built).
INDEX_CODE = ("knowledge/chunker.py", "knowledge/docs_index.py", "knowledge/aliases.py")


@cache
def _index_code() -> str:
    return storage.code_hash(INDEX_CODE)


def _config_key(ws: Workspace) -> str:
    roots = sorted(str(r) for r in doc_roots(ws))
    return storage.content_hash("\n".join([str(FORMAT), _index_code(), *roots]).encode())


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# --- the service ------------------------------------------------------------------------------------------
REMEMBERED = 4096  # lookups `DocsIndex.remembered` keeps per generation
_MISSING = object()


@service
class DocsIndex(Service):
    name = "docs index"
    build_in_grace = True  # from the docs alone (no walk): in the server's start-up grace (scheduler.py)

    def __init__(self, folder: Path | None, ix, manifest: dict):
        self.folder = folder  # None: kept in memory only
        self.ix = ix
        self.manifest = manifest
        self.generation = 0  # bumped on every change: part of cache keys of lookups
        self.searches = 0  # live searches run (reported in debug output, e.g. to show coalescing)
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._searcher = ix.searcher()
        self._vocab: tuple[int, tuple[dict, dict]] | None = None
        self._documented: tuple[int, dict[str, dict]] | None = None
        self._ident_tokens: tuple[int, tuple[dict, dict]] | None = None
        self._grep_rows: tuple[int, tuple] | None = None
        self._doc_files: tuple[int, tuple[dict[int, str], dict[str, int], dict]] | None = None
        self._doc_sections: dict[int, int] = {}  # chunk -> its section's first chunk (`_file_table`)
        self._section_sizes: dict[str, int] = {}  # file -> its number of sections
        self._page_titles: tuple[int, dict[frozenset, list[str]]] | None = None
        self._siblings: tuple[int, tuple[dict[str, frozenset[str]], dict[str, str]]] | None = None
        self._remembered: tuple[int, dict] = (0, {})  # (generation, key -> value): `remembered`

    # --- building -------------------------------------------------------------------------------------
    @classmethod
    def build(cls, workspace: Workspace, progress: Progress) -> "DocsIndex":
        files = doc_files(workspace)
        key = _config_key(workspace)
        base = integrity.cache_folder(workspace.cache_dir)  # None: unusable, already said once
        if base is None:
            return cls.memory_build(workspace, files, key, progress)
        folder = base / INDEX_DIR
        try:
            _remove_dead_builds(folder)
            existing = cls.open(folder, key)
            if existing is None:
                return cls.full_build(workspace, folder, files, key, progress)
        except OSError as exc:  # a full disk, a folder that turned read-only: work in memory
            log.warning("cannot write the docs index in %s (%s): keeping it in memory", folder, exc.strerror or exc)
            return cls.memory_build(workspace, files, key, progress)
        try:
            existing.sync(workspace, files, progress)
        except OSError as exc:
            existing.close()
            log.warning("cannot update the docs index in %s (%s): keeping it in memory", folder, exc.strerror or exc)
            return cls.memory_build(workspace, files, key, progress)
        return existing

    @classmethod
    def open(cls, folder: Path, key: str) -> "DocsIndex | None":
        """The index in `folder` if this user's Footprint wrote it (signed manifest, every file's digest) and
        it is complete and consistent, else None (the caller rebuilds). A folder that fails the check is
        deleted before anything in it is unpickled."""
        if not os.path.lexists(folder):
            return None
        with _locked(folder):
            manifest, problem = integrity.read_signed_json(folder / MANIFEST, SIGNED_AS)
            if problem is None and not isinstance(manifest, dict):
                problem = "has no manifest"
            if problem is None:
                problem = integrity.check_folder(folder, manifest.get("index"), skip=frozenset({MANIFEST}))
            if problem is not None:
                log.warning("docs index at %s %s: discarded and rebuilt", folder, problem)
                _discard(folder)
                return None
            if manifest.get("format") != FORMAT or manifest.get("config") != key:
                log.info("docs index at %s was built by another version or configuration: rebuilding", folder)
                return None
            try:
                ix = _whoosh().index.open_dir(str(folder))
                count = ix.doc_count()
                with ix.reader() as reader:  # opens every segment's files: a missing or torn one raises
                    for leaf in reader.leaf_readers():
                        leaf_reader = leaf[0]
                        if leaf_reader.doc_count():
                            next(iter(leaf_reader.all_stored_fields()), None)
                        next(iter(leaf_reader.lexicon("all")), None)
                expected = sum(f.get("chunks", 0) for f in manifest.get("files", {}).values())
                if count != expected:
                    log.warning("docs index at %s holds %d chunks, its manifest %d: rebuilding", folder, count,
                                expected)
                    ix.close()
                    return None
                return cls(folder, ix, manifest)
            except Exception as exc:  # noqa: BLE001 - any damage means a rebuild, never a crash
                log.warning("docs index at %s is unreadable (%s): rebuilding", folder, exc)
                return None

    @classmethod
    def full_build(cls, workspace: Workspace, folder: Path, files: list[Path], key: str,
                   progress: Progress) -> "DocsIndex":
        tmp = folder.with_name(f"{folder.name}.build-{os.getpid()}-{os.urandom(4).hex()}")
        tmp.mkdir(mode=0o700)
        try:
            ix = _whoosh().index.create_in(str(tmp), make_schema())
            manifest = _fill(ix, workspace, files, key, progress)
            ix.close()
            manifest["index"] = integrity.folder_digests(tmp)
            integrity.write_signed_json(tmp / MANIFEST, manifest, SIGNED_AS)
            with _locked(folder):
                storage.swap_directory(tmp, folder)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
        built = cls.open(folder, key)
        if built is None:
            raise RuntimeError(f"docs index just built in {folder} does not open")
        log.info("docs index: %d chunks from %d files", built.ix.doc_count(), len(manifest["files"]))
        return built

    @classmethod
    def memory_build(cls, workspace: Workspace, files: list[Path], key: str, progress: Progress) -> "DocsIndex":
        """The index in memory only (the cache folder cannot be used): rebuilt by each process."""
        ix = _whoosh().MemoryStorage().create_index(make_schema())
        manifest = _fill(ix, workspace, files, key, progress)
        return cls(None, ix, manifest)

    def sync(self, workspace: Workspace, files: list[Path], progress: Progress = lambda m, p=None: None) -> int:
        """Re-index files whose content hash changed, add new ones, drop deleted ones. Returns the count."""
        known = set(self.manifest.get("files", {}))
        current = {str(p) for p in files}
        changed = [Path(p) for p in sorted(known - current)]
        for path in files:
            entry = self.manifest["files"].get(str(path))
            if entry is None or entry.get("hash") != _hash_file(workspace, path):
                changed.append(path)
        if changed:
            progress(f"docs: updating {len(changed)} files", None)
            self._reindex(workspace, changed, current)
        return len(changed)

    def update(self, workspace: Workspace, changed: set[Path]) -> "DocsIndex | None":
        roots = doc_roots(workspace)
        relevant = [p for p in changed if str(p) in self.manifest["files"] or (is_doc_file(p) and _walked(p, roots))]
        if not relevant:
            return self
        current = set(self.manifest["files"])
        for p in relevant:
            if p.is_file() and _walked(p, roots):
                current.add(str(p))
            else:
                current.discard(str(p))
        try:
            self._reindex(workspace, relevant, current)
        except OSError as exc:  # a full disk: one line, then a rebuild (in memory if writing still fails)
            log.warning("cannot update the docs index in %s (%s): rebuilding it", self.folder, exc.strerror or exc)
            return None
        return self

    def _reindex(self, workspace: Workspace, paths: list[Path], current: set[str]) -> None:
        with self._write_lock, _locked(self.folder) if self.folder is not None else contextlib.nullcontext():
            writer = self.ix.writer(timeout=10.0)
            try:
                for path in paths:
                    writer.delete_by_term("path", str(path))
                    self.manifest["files"].pop(str(path), None)
                    if str(path) in current and path.is_file():
                        entry = _add_file(writer, workspace, path)
                        if entry is not None:
                            self.manifest["files"][str(path)] = entry
                writer.commit()
            except BaseException:
                writer.cancel()
                raise
            if self.folder is not None:
                # whoosh never rewrites a file in place (new segments, numbered TOCs): only new files are read.
                self.manifest["index"] = integrity.folder_digests(
                    self.folder, skip=frozenset({MANIFEST}), known=self.manifest.get("index"))
                integrity.write_signed_json(self.folder / MANIFEST, self.manifest, SIGNED_AS)
            with self._lock:
                # A fresh searcher: refresh() kept serving deleted documents after a delete-only commit.
                old, self._searcher = self._searcher, self.ix.searcher()
                old.close()
                self.generation += 1

    # --- reading --------------------------------------------------------------------------------------
    def remembered(self, key, compute):
        """`compute()`, kept under `key` until the docs change (the next generation): for a lookup over this
        index that nothing else decides. A hover asks the same member's doc chunk each time the cursor rests on
        it (a search of ~4 ms of CPU, which a check running beside it doubled: the hover row beside the
        100,000-paren file). A value computed while the index changed is returned, not kept; REMEMBERED keys
        at most, then it starts again."""
        with self._lock:
            generation, memo = self._remembered
            if generation != self.generation:
                generation, memo = self.generation, {}
                self._remembered = (generation, memo)
            found = memo.get(key, _MISSING)
        if found is not _MISSING:
            return found
        value = compute()
        with self._lock:
            if self.generation == generation and self._remembered[1] is memo:
                if len(memo) >= REMEMBERED:
                    memo.clear()
                memo[key] = value
        return value

    @property
    def file_count(self) -> int:
        return len(self.manifest.get("files", {}))

    @property
    def aliases(self) -> list[tuple[str, list[str]]]:
        """Concept aliases mined from the docs at indexing time: (word, [symbols])."""
        merged: dict[str, list[str]] = {}
        for entry in self.manifest.get("files", {}).values():
            for word, symbols in entry.get("aliases", []):
                bucket = merged.setdefault(word, [])
                bucket.extend(s for s in symbols if s not in bucket)
        return sorted(merged.items())

    def search(self, text: str, limit: int = 5, under: Path | None = None, min_match: int = 0) -> SearchOutcome:
        """Chunks holding every term of `text` (after the analyzer), best first. With `min_match` > 0:
        chunks holding at least that many of the terms, those holding more first (a recall ranking for
        rag_lookup, whose results are labelled as such; lookup_docs never uses it)."""
        groups = query_groups(text)
        terms = [g[0] for g in groups]
        if not groups:
            return SearchOutcome([], [])
        w = _whoosh()
        And, AndMaybe, Or, Prefix, Term = w.And, w.AndMaybe, w.Or, w.Prefix, w.Term
        each = [_union([Term("all", t) for t in group]) for group in groups]
        partial = 0 < min_match < len(each)
        q = Or(each, scale=0.9) if partial else And(each)  # scale: a bonus for each further term held
        boosts = [Term("heading", t, boost=HEADING_BOOST) for g in groups for t in g]
        boosts += [Term("symbol", s, boost=SYMBOL_BOOST) for s in query_symbols(text)]
        q = AndMaybe(q, _union(boosts))
        if under is not None:
            prefix = str(under)
            q = And([q, Or([Term("path", prefix), Prefix("path", prefix.rstrip("/") + "/")])])
        wanted = {t for g in groups for t in g}
        with self._lock:
            self.searches += 1
            searcher = self._searcher
            # optimize=False: whoosh's block-quality skipping cost more than it saved here (measured: p50
            # 6.1 -> 3.7 ms on 3-word queries of common words over 3 MB of docs).
            results = searcher.search(q, limit=limit * 4 if partial else limit, terms=partial, optimize=False)
            hits = []
            for r in results:
                if partial:
                    held = {t.decode() if isinstance(t, bytes) else t for _, t in r.matched_terms()}
                    if sum(1 for g in groups if held.intersection(g)) < min_match:
                        continue
                    if len(hits) >= limit:
                        break
                hits.append(IndexHit.of(r.fields(), r.score, wanted))
            missing = [] if hits else [g[0] for g in groups if not any(
                searcher.doc_frequency("all", t) for t in g)]
        return SearchOutcome(hits, terms, missing)

    def search_concepts(self, concepts: list, limit: int = 5, under: Path | None = None,
                        lead: bool = False, code: bool = False) -> list[IndexHit]:
        """Chunks holding any of `concepts` (`thesaurus.Concept`: alternatives of index terms, each weighted),
        ranked by BM25 over the concepts they hold, each concept counted once (its best alternative), the
        heading's terms scored again (`HEADING_BOOST`). The thesaurus angle of the how-to search: a section
        that says "round-trip time" for "how long a message takes" is found, ranked by what it holds.
        `lead`: over the sections' leads only (heading and first paragraph), where a short reference entry
        is not outweighed by long sections that hold the same words in passing. `code`: over the identifiers
        the chunks' code and code spans use, split into their words (`startFollow` -> start, follow): the
        section whose example calls the member named by the question's words."""
        w = _whoosh()
        only = "lead" if lead else "idents" if code else None
        And, Or, Prefix, Term = w.And, w.Or, w.Prefix, w.Term
        each = []
        for concept in concepts:
            alternatives = []
            for terms, weight in concept.alternatives:
                if only:
                    alternatives.append(Term(only, terms[0], boost=weight) if len(terms) == 1 else
                                        And([Term(only, t) for t in terms], boost=weight))
                    continue
                body = [Term("all", t) for t in terms]
                head = [Term("heading", t, boost=HEADING_BOOST) for t in terms]
                found = body[0] if len(body) == 1 else And(body)
                alternatives.append(Or([found, head[0] if len(head) == 1 else And(head)], boost=weight))
            if alternatives:
                each.append(w.DisjunctionMax(alternatives) if len(alternatives) > 1 else alternatives[0])
        if not each:
            return []
        q = Or(each)
        if under is not None:
            prefix = str(under)
            q = And([q, Or([Term("path", prefix), Prefix("path", prefix.rstrip("/") + "/")])])
        wanted = {t for c in concepts for terms, _ in c.alternatives for t in terms}
        with self._lock:
            self.searches += 1
            hits = []
            for r in self._searcher.search(q, limit=limit, optimize=False):
                hits.append(IndexHit.of(r.fields(), r.score, wanted))
        return hits

    def grep(self, words: list[str], limit: int = 5, under: Path | None = None
             ) -> tuple[list[IndexHit], list[IndexHit]]:
        """What `grep -i -c` per word would rank: chunks holding any of `words` as a substring (of heading or
        text, case-insensitive), those holding more of them first, the shorter first among those holding as
        many (`GREP_SHORTER_FIRST`: it is more about them). The exact angle of the fused how-to search: no
        analyzer, no stemming, nothing an index could miss. Two
        rankings from one pass: by how many words a chunk holds, and by their rarity (a word counts the log
        of chunks over chunks holding it), so the one section saying "AMD" outranks the many saying "load"."""
        words = [w.lower() for w in dict.fromkeys(words) if w]
        if not words:
            return [], []
        prefix = str(under) if under is not None else None
        with self._lock:
            rows, blob, starts = self._grep_table()
        # Each word is looked for with str.find over all chunks' text joined (one C-level scan that jumps to
        # the next chunk after a hit), not with `in` on every chunk: the cost follows the chunks that hold it.
        held: dict[int, list[int]] = {}  # chunk -> the indexes of the words it holds, in word order
        frequency = []
        for j, w in enumerate(words):
            n, pos = 0, blob.find(w)
            while pos >= 0:
                i = bisect.bisect_right(starts, pos) - 1
                held.setdefault(i, []).append(j)
                n += 1
                pos = blob.find(w, starts[i + 1]) if i + 1 < len(starts) else -1
            frequency.append(n)
        rarity = [math.log((len(rows) + 1) / (n + 0.5)) for n in frequency]
        by_count, by_rarity = [], []
        for i in sorted(held):
            stored = rows[i][1]
            if prefix is not None and not (
                    stored["path"] == prefix or stored["path"].startswith(prefix.rstrip("/") + "/")):
                continue
            js = sorted(held[i])
            by_count.append((-len(js), len(rows[i][0]) if GREP_SHORTER_FIRST else 0, i))
            by_rarity.append((-sum(rarity[j] for j in js), len(rows[i][0]) if GREP_SHORTER_FIRST else 0, i))
        return self._grep_hits(rows, sorted(by_count)[:limit], words), \
            self._grep_hits(rows, sorted(by_rarity)[:limit], words)

    @staticmethod
    def _grep_hits(rows: list, scored: list, words: list[str]) -> list[IndexHit]:
        wanted = set(words)
        return [IndexHit.of(rows[i][1], -n, wanted) for n, _, i in scored]

    def chunk_fields(self) -> list[dict]:
        """Every chunk's stored fields, in path order (the dense ranking embeds them: `dense.py`)."""
        with self._lock:
            rows, _, _ = self._grep_table()
        return [f for _, f in rows]

    def _grep_table(self) -> tuple[list, str, list[int]]:
        """(rows: (lower-cased heading + text, stored fields) of every chunk in path order; their texts joined
        by NUL; where each starts in it); once per generation (caller holds the lock)."""
        if self._grep_rows is None or self._grep_rows[0] != self.generation:
            rows = [((f["heading"] + "\n" + f["body"]).lower(), f) for f in self._searcher.all_stored_fields()]
            rows.sort(key=lambda r: (r[1]["path"], r[1]["lines"][0]))
            starts, at = [], 0
            for lowered, _ in rows:
                starts.append(at)
                at += len(lowered) + 1
            self._grep_rows = (self.generation, (rows, "\0".join(r[0] for r in rows), starts))
        return self._grep_rows[1]

    def file_affinity(self, concepts: list, smoothing: float = 20.0, collections: bool = False) -> dict[str, float]:
        """Doc file (stored path) -> how much more the question's `concepts` (`thesaurus.Concept`) belong to
        that file's chunks than to the docs as a whole: for each concept, its best alternative's weight times
        the log-ratio of the share of the file's chunks holding it (smoothed toward the whole: `smoothing`
        chunks' worth) to the share of all chunks holding it, summed. A question's words spread over every
        engine's docs say nothing; a word that only one engine's docs use (`board`, `fen`) points at them.
        {} with one file. `collections`: the same over doc collections (`collection_of`: the folders of
        several engines' docs side by side) rather than files."""
        with self._lock:
            files, sizes, postings = self._file_table()
            unit = self._doc_sections if AFFINITY_BY_SECTION else None
            if unit is not None:
                sizes = self._section_sizes
            if collections:
                group = collection_of(sizes)
                files = {d: group[f] for d, f in files.items()}
                grouped: dict[str, int] = {}
                for f, n in sizes.items():
                    grouped[group[f]] = grouped.get(group[f], 0) + n
                sizes = grouped
            if len(sizes) < 2:
                return {}
            reader = self._searcher.reader()
            total = sum(sizes.values())  # chunks, or sections (`AFFINITY_BY_SECTION`)
            out = dict.fromkeys(sizes, 0.0)
            for concept in concepts:
                best = dict.fromkeys(sizes, 0.0)  # a file lacking a concept: no evidence either way
                for terms, weight in concept.alternatives:
                    held: frozenset[int] | None = None
                    for t in terms:
                        ids = postings.get(t)
                        if ids is None:
                            try:
                                ids = frozenset(d for d in reader.postings("all", t).all_ids() if d in files)
                            except Exception:  # noqa: BLE001 - whoosh raises TermNotFound for an unindexed term
                                ids = frozenset()
                            if len(postings) < 50_000:
                                postings[t] = ids
                        held = ids if held is None else held & ids
                    if not held:
                        continue
                    per: dict[str, int] = {}
                    if unit is not None:  # the sections holding it, each once (`AFFINITY_BY_SECTION`)
                        held = frozenset(unit[d] for d in held)
                        for section in held:
                            per[files[section]] = per.get(files[section], 0) + 1
                    else:
                        for d in held:
                            per[files[d]] = per.get(files[d], 0) + 1
                    whole = len(held) / total
                    for f, n in sizes.items():
                        share = (per.get(f, 0) + smoothing * whole) / (n + smoothing)
                        best[f] = max(best[f], weight * math.log(share / whole))
                for f, v in best.items():
                    out[f] += v
        if TITLE_AFFINITY and not collections:
            for f, v in self.title_matches(concepts).items():
                out[f] = out.get(f, 0.0) + TITLE_AFFINITY * v
        return out

    def title_matches(self, concepts: list) -> dict[str, float]:
        """Doc file (stored path) -> how surely the question's `concepts` name its page's title (the first part of
        its heading path: `Dialog`, `Tab Group`, `Relative Time`): 1 when a concept's alternative is the title's
        terms (the asker's "tabs" for `Tab Group` through the thesaurus, a synonym written for that) or the
        asker's own words hold every term of it. A page named after what the question asks about is about it
        whole, however its sections word it."""
        with self._lock:
            titles = self._titles()
        if not titles:
            return {}
        own: set[str] = set()
        out: dict[str, float] = {}
        for concept in concepts:
            for terms, weight in concept.alternatives:
                if weight >= 1.0:
                    own.update(terms)
                for f in titles.get(frozenset(terms), ()):
                    out[f] = 1.0
        for title, files in titles.items():
            if title <= own:
                for f in files:
                    out[f] = 1.0
        return out

    def title_terms(self, path: str) -> frozenset:
        """The terms of a doc file's page title (`_titles`); empty for a file the index does not hold."""
        with self._lock:
            titles = self._titles()
        return next((t for t, files in titles.items() if path in files), frozenset())

    def _titles(self) -> dict[frozenset, list[str]]:
        """A page title's terms -> the doc files titled so (a file's first chunk's heading path, its first
        part); once per generation (caller holds the lock)."""
        if self._page_titles is None or self._page_titles[0] != self.generation:
            first: dict[str, tuple[int, str]] = {}
            for _, stored in self._searcher.reader().iter_docs():
                at = stored["lines"][0]
                if stored["path"] not in first or at < first[stored["path"]][0]:
                    first[stored["path"]] = (at, stored["heading"])
            titles: dict[frozenset, list[str]] = {}
            for path, (_, heading) in first.items():
                terms = frozenset(t for part in _TOKEN.findall(heading.split(" › ")[0])
                                  for t in token_terms(part, True)[:1])
                if terms:
                    titles.setdefault(terms, []).append(path)
            self._page_titles = (self.generation, titles)
        return self._page_titles[1]

    def sibling_identities(self) -> tuple[dict[str, frozenset[str]], dict[str, str]]:
        """(doc file (stored path) -> the terms that tell it from the other pages of its collection titled as it
        is, doc file -> its family's key): `sibling_identities`; only files that share their title with another;
        once per generation."""
        with self._lock:
            if self._siblings is None or self._siblings[0] != self.generation:
                # a page's title: the first part most of its sections' heading paths share (a licence comment
                # above the `# Title` is a chunk of its own, headed by the file's name)
                roots: dict[str, dict[str, int]] = {}
                for _, stored in self._searcher.reader().iter_docs():
                    counts = roots.setdefault(stored["path"], {})
                    title = stored["heading"].split(" › ")[0]
                    counts[title] = counts.get(title, 0) + 1
                titles: dict[frozenset, list[str]] = {}
                for path, counts in roots.items():
                    title = max(counts, key=counts.__getitem__)
                    terms = frozenset(t for part in _TOKEN.findall(title) for t in token_terms(part, True)[:1])
                    if terms:
                        titles.setdefault(terms, []).append(path)
                self._siblings = (self.generation, sibling_identities(
                    [files for files in titles.values() if len(files) > 1], collection_of(self._file_table()[1])))
            return self._siblings[1]

    def collections(self) -> dict[str, str]:
        """Doc file (stored path) -> its collection (`collection_of`)."""
        with self._lock:
            return collection_of(self._file_table()[1])

    def _file_table(self) -> tuple[dict[int, str], dict[str, int], dict[str, frozenset[int]]]:
        """(document number -> its file's stored path, file -> its number of chunks, a cache of terms' chunk
        sets), once per generation (caller holds the lock)."""
        if self._doc_files is None or self._doc_files[0] != self.generation:
            files: dict[int, str] = {}
            sizes: dict[str, int] = {}
            for docnum, stored in self._searcher.reader().iter_docs():
                files[docnum] = stored["path"]
                sizes[stored["path"]] = sizes.get(stored["path"], 0) + 1
            # each chunk's section: the first chunk of its file and heading path (`AFFINITY_BY_SECTION`)
            first: dict[tuple[str, str], int] = {}
            self._doc_sections = {}
            for docnum, stored in self._searcher.reader().iter_docs():
                self._doc_sections[docnum] = first.setdefault((stored["path"], stored["heading"]), docnum)
            self._section_sizes = {}
            for path, _ in first:
                self._section_sizes[path] = self._section_sizes.get(path, 0) + 1
            self._doc_files = (self.generation, (files, sizes, {}))
        return self._doc_files[1]

    def term_frequency(self, term: str) -> int:
        with self._lock:
            return self._searcher.doc_frequency("all", term)

    def nearest_terms(self, term: str, limit: int = 3) -> list[str]:
        """Indexed terms close to `term` (difflib ratio >= 0.75, same first letter, length within 2),
        identifiers first, closest first, in their doc spelling."""
        import difflib

        with self._lock:
            vocab = self._vocabulary()
            for buckets in vocab:
                candidates = [t for n in range(len(term) - 2, len(term) + 3)
                              for t in buckets.get((term[:1], n), ()) if t != term]
                found = difflib.get_close_matches(term, candidates, n=limit, cutoff=0.75)
                if found:
                    return list(dict.fromkeys(self._spelling(t) for t in found))
        return []

    def completions(self, term: str, longer_by: int = 2, limit: int = 2, indexed: bool = False) -> list[str]:
        """Indexed terms that `term` is the start of, at most `longer_by` letters longer, most frequent
        first; [] when `term` is shorter than 3 or (unless `indexed`) is itself indexed. A question's
        clipped form of a name the docs spell in full (a `.mid` file -> MIDI) reaches the docs' word."""
        if len(term) < 3:
            return []
        with self._lock:
            if not indexed and self._searcher.doc_frequency("all", term):
                return []
            buckets = self._vocabulary()[1]
            found = [t for n in range(len(term) + 1, len(term) + longer_by + 1)
                     for t in buckets.get((term[:1], n), ()) if t.startswith(term)]
            found.sort(key=lambda t: -self._searcher.doc_frequency("all", t))
        return found[:limit]

    def _vocabulary(self) -> tuple[dict, dict]:
        """(identifier terms, all terms) bucketed by (first letter, length); built once per generation
        (caller holds the lock). A bucket scan is ~100x cheaper than whoosh's terms_within automaton."""
        if self._vocab is None or self._vocab[0] != self.generation:
            reader = self._searcher.reader()
            out = []
            for f in ("idents", "all"):
                buckets: dict[tuple[str, int], list[str]] = {}
                for raw in reader.lexicon(f):
                    t = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                    if len(t) >= 3:
                        buckets.setdefault((t[:1], len(t)), []).append(t)
                out.append(buckets)
            self._vocab = (self.generation, (out[0], out[1]))
        return self._vocab[1]

    def _spelling(self, term: str) -> str:
        """How the docs write an identifier whose normalized form is `term` (caller holds the lock)."""
        results = self._searcher.search(_whoosh().Term("idents", term), limit=1)
        for r in results:
            for ident in r.get("ident_list") or ():
                for part in ident.split("."):
                    if part.lower().replace("_", "").replace("$", "") == term:
                        return part
        return term

    def documented_symbols(self) -> dict[str, dict]:
        """Normalized symbol (`table.addrow`, `addrow`) -> {path, start_line, heading} of the chunk that
        documents it: a written page whose heading names it before a declaration comment. Built once per
        generation in one pass over the `symbol` postings, so `check_symbols` answers a never-seen name with
        a dict lookup instead of a search."""
        with self._lock:
            if self._documented is not None and self._documented[0] == self.generation:
                return self._documented[1]
            reader = self._searcher.reader()
            out: dict[str, dict] = {}
            for raw in reader.lexicon("symbol"):
                symbol = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                best = None
                for docnum in reader.postings("symbol", raw).all_ids():
                    stored = reader.stored_fields(docnum)
                    heading = normalize_symbol(stored.get("heading", ""))
                    rank = (stored.get("kind") == "api", symbol not in heading, docnum)
                    if best is None or rank < best[0]:
                        best = (rank, stored)
                if best is not None:
                    stored = best[1]
                    out[symbol] = {"path": Path(stored["path"]), "start_line": stored["lines"][0],
                                   "heading": stored["heading"]}
            self._documented = (self.generation, out)
            return out

    def identifiers_with(self, word: str) -> dict[str, int]:
        """The docs' identifiers that have `word` as one of their camelCase/snake_case words (singular,
        any case): `header` -> {`repeatHeader`: 3, `addHeaderRow`: 1}, with the number of chunks naming
        each. The engine's own vocabulary for a word of a question (search_queries)."""
        return self._identifier_tables()[0].get(singular(word.lower()), {})

    def usages_of(self, member: str) -> dict[str, int]:
        """How the docs' code calls `member`: the dotted identifiers ending in it (`yarray.observe`,
        `doc.getArray`), with the number of chunks holding each. The example-code angle of search_queries."""
        return self._identifier_tables()[1].get(member, {})

    def _identifier_tables(self) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
        """(word -> identifiers holding it, member -> dotted uses of it), built once per generation."""
        with self._lock:
            if self._ident_tokens is None or self._ident_tokens[0] != self.generation:
                reader = self._searcher.reader()
                index: dict[str, dict[str, int]] = {}
                uses: dict[str, dict[str, int]] = {}
                for _, stored in reader.iter_docs():
                    for ident in set(stored.get("ident_list") or ()):
                        parts = ident.split(".")
                        for part in parts:
                            for token in set(identifier_words(part)):
                                bucket = index.setdefault(token, {})
                                bucket[part] = bucket.get(part, 0) + 1
                        if len(parts) == 2 and all(parts):
                            bucket = uses.setdefault(parts[1], {})
                            bucket[ident] = bucket.get(ident, 0) + 1
                self._ident_tokens = (self.generation, (index, uses))
            return self._ident_tokens[1]

    def has_identifier(self, name: str) -> bool:
        """Whether some chunk mentions the identifier `name` (normalized as the analyzer does)."""
        terms = query_terms(name)
        if len(terms) != 1:
            return False
        with self._lock:
            return self._searcher.doc_frequency("idents", terms[0]) > 0

    def close(self) -> None:
        with self._lock:
            self._searcher.close()
            self.ix.close()


def collection_of(paths) -> dict[str, str]:
    """Each doc file -> its collection: the first folder below the folder all the files share (several
    engines' docs side by side, `docs/<engine>/...`: one collection per engine, however many files each has);
    a file directly in that shared folder is its own collection."""
    paths = list(paths)
    if not paths:
        return {}
    split = [PurePosixPath(Path(p).as_posix()).parts for p in paths]
    common = 0
    shortest = min(len(s) for s in split)
    while common < shortest - 1 and all(s[common] == split[0][common] for s in split):
        common += 1
    return {p: PurePosixPath(*s[:common + 1]).as_posix() for p, s in zip(paths, split)}


def sibling_identities(families: list[list[str]], collections: dict[str, str]
                       ) -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    """Each page of a family of same-titled pages -> the terms of its path that its siblings of the same
    collection (`collections`: `collection_of` of every doc file) do not all share. Generated docs give each
    variant of one thing a page of the same title and headings in its own folder (`iter/normal/README.md`,
    `streams/normal/README.md`: "Normal Random Numbers"; a framework's `start/data/routing.md` and
    `start/framework/routing.md`), and the folder is what tells them apart, as the module path the page's usage
    code requires does. The terms of the path below the folder the siblings share (folders and the file's name,
    analysed as the index does: `streams` -> stream, `iter` -> iter); a family of one collection's pages only
    (another engine's page titled alike is no sibling). Also each such page's family (its first page's path, as
    a key). Neither holds a page no sibling shares its title with."""
    out: dict[str, frozenset[str]] = {}
    family_of: dict[str, str] = {}
    for family in families:
        by_collection: dict[str, list[str]] = {}
        for f in family:
            by_collection.setdefault(collections.get(f, f), []).append(f)
        for files in by_collection.values():
            if len(files) < 2:
                continue
            split = [PurePosixPath(Path(f).as_posix()).parts for f in files]
            shared = 0
            while shared < min(len(s) for s in split) - 1 and all(s[shared] == split[0][shared] for s in split):
                shared += 1
            terms = {f: frozenset(t for part in s[shared:-1] + (PurePosixPath(s[-1]).stem,)
                                  for t, _, _ in analyze(part)) for f, s in zip(files, split)}
            common = frozenset.intersection(*terms.values())
            for f in files:
                family_of[f] = files[0]
                if terms[f] - common:
                    out[f] = terms[f] - common
    return out, family_of


def _union(queries: list):
    """An Or matched as a tree of unions: whoosh's automatic choice for 3+ terms pre-loads and scores
    every matching document (5-10x slower on common words), this one skips blocks by their best score."""
    Or = _whoosh().Or
    q = Or(queries)
    q.matcher_type = Or.DEFAULT_MATCHER
    return q


def _read_doc(workspace: Workspace, path: Path) -> bytes:
    """A doc file's bytes through `storage.read_bounded`: `max_file_bytes` holds for a file named directly in
    `[docs] paths` too, and a device, FIFO or symlink leading outside the roots is refused (SkippedFile)."""
    return storage.read_bounded(path, workspace.settings.top.max_file_bytes, workspace.roots)


def _hash_file(workspace: Workspace, path: Path) -> str | None:
    try:
        return storage.content_hash(_read_doc(workspace, path))
    except OSError:
        return None


def _add_file(writer, workspace: Workspace, path: Path) -> dict | None:
    try:
        data = _read_doc(workspace, path)
        if is_binary(data[:8192]):
            raise BinaryFile("binary file (it contains NUL bytes)")
        text = data.decode("utf-8", errors="replace")
    except storage.SkippedFile as exc:
        workspace.note_skipped(path, str(exc))
        return None
    except Exception as exc:  # noqa: BLE001 - an unreadable doc is skipped, with one log line
        log.info("docs: cannot read %s: %s", path, exc)
        return None
    chunks: list[DocChunk] = chunk_file(path, text)
    vocabulary, memo = word_vocabulary(text), {}
    for n, c in enumerate(chunks):
        # Lowercase compound names (`onloaderror`, an option heading) are found by their words too
        # a tag page's name and title (`chunker.DocChunk.title_words`) are heading words of each of its chunks
        title = c.heading + (" " + c.title_words if c.title_words else "")
        heading_words = _compound_words(_TOKEN.findall(title), vocabulary, memo)
        ident_words = _compound_words(c.identifiers, vocabulary, memo)
        lead_words = _compound_words([t.lower() for t in _TOKEN.findall(c.lead)], vocabulary, memo) \
            if LEAD_COMPOUNDS else ""
        writer.add_document(
            id=f"{path}#{n}", path=str(path), lines=(c.start_line, c.end_line), kind=c.kind,
            heading=title + heading_words, _stored_heading=c.heading, idents=" ".join(c.identifiers),
            ident_list=list(c.identifiers), body=c.text,
            all="\n".join((title, " ".join(c.identifiers), c.text, heading_words + ident_words)),
            symbol=" ".join(normalize_symbol(s) for s in subject_symbols(c)), lead=c.lead + lead_words,
            # Written docs (with their examples) rank just above the declaration comment saying the same.
            _boost=API_CHUNK_BOOST if c.kind == "api" else 1.0)
    return {"hash": storage.content_hash(data), "chunks": len(chunks), "aliases": mine_aliases(chunks)}


def _compound_words(tokens, vocabulary: frozenset[str], memo: dict[str, list[str]]) -> str:
    words = []
    for t in dict.fromkeys(tokens):
        if t not in memo:
            memo[t] = compound_parts(t, vocabulary)
        words += memo[t]
    return (" " + " ".join(words)) if words else ""


def _fill(ix, workspace: Workspace, files: list[Path], key: str, progress: Progress) -> dict:
    """Index `files` into the empty index `ix`; return the manifest (without the index files' digests)."""
    manifest = {"format": FORMAT, "config": key, "files": {}}
    writer = ix.writer(limitmb=256)
    try:
        for n, path in enumerate(files):
            entry = _add_file(writer, workspace, path)
            if entry is not None:
                manifest["files"][str(path)] = entry
            if n % 50 == 0:
                progress(f"docs: {n}/{len(files)} files", int(100 * n / max(1, len(files))))
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    return manifest


@contextlib.contextmanager
def _locked(folder: Path):
    """One process at a time reads or changes the index folder (`<folder>.lock`, beside it: the folder itself
    is swapped). Without fcntl (Windows) threads of this process are still serialised by the caller."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(folder.with_name(folder.name + ".lock"), "a+b") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _discard(folder: Path) -> None:
    """Delete an index folder that failed its check (a symlink is removed, never followed)."""
    if os.path.islink(folder) or not os.path.isdir(folder):
        with contextlib.suppress(OSError):
            os.unlink(folder)
    else:
        shutil.rmtree(folder, ignore_errors=True)


def _remove_dead_builds(folder: Path) -> None:
    """Temporary build folders left by killed processes (their pid is gone) are deleted."""
    if not folder.parent.is_dir():
        return
    for leftover in folder.parent.glob(f"{folder.name}.build-*"):
        m = re.match(rf"{re.escape(folder.name)}\.build-(\d+)-", leftover.name)
        pid = int(m.group(1)) if m else 0
        if pid != os.getpid() and (not _pid_alive(pid) or time.time() - leftover.stat().st_mtime > 24 * 3600):
            shutil.rmtree(leftover, ignore_errors=True)
    old = folder.with_name(folder.name + ".old")
    if old.exists() and folder.exists():
        shutil.rmtree(old, ignore_errors=True)
    elif old.exists() and not folder.exists():
        # A kill between the two renames of swap_directory: the previous index is still whole.
        os.replace(old, folder)
