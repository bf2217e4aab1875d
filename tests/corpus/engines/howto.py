"""How-to retrieval on the engines' own docs: the golden questions of questions/howto.json.

The docs are the README files the npm packages ship (installed into the cache by engines.install), indexed
as one workspace's `[docs] paths`. For each question: the rank of the answering section (file + heading) in
the top 5 of `lookup_docs(expand=True)` (`footprint-ls lookup --expand`), of `rag.retrieve` (rag_lookup's
retrieval, lexical), and of a grep baseline (sections ranked by how many of the question's words they hold).
`Evaluation` builds the workspace and its index once and ranks any subset of the questions against it (the
test runs one package's questions per test, so parallel workers share the work: tests/corpus/engines).
"""

from __future__ import annotations

import bisect
import contextlib
import inspect
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from lsp_server import plugins
from lsp_server.config import load_settings
from lsp_server.knowledge import dense
from lsp_server.knowledge import lookup as _lookup_module
from lsp_server.knowledge import rag as _rag_module
from lsp_server.knowledge.chunker import chunk_file
from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.knowledge.lookup import lookup_docs
from lsp_server.knowledge.rag import retrieve
from lsp_server.knowledge.search_queries import QUESTION_WORDS
from lsp_server.workspace import Workspace
from tests.corpus.engines import engines as E

TOP = 5


@dataclass(frozen=True)
class Question:
    q: str
    package: str  # name@version
    file: str
    headings: tuple[str, ...]
    set_aside: bool = False

    @property
    def name(self) -> str:
        return self.package.rsplit("@", 1)[0]


def questions(set_aside: bool | None = None) -> list[Question]:
    data = json.loads((E.QUESTIONS / "howto.json").read_text(encoding="utf-8"))
    out = [Question(d["q"], d["package"], d["file"], tuple(d["headings"]), bool(d.get("set_aside")))
           for d in data["questions"]]
    return [q for q in out if set_aside is None or q.set_aside == set_aside]


def docs_workspace(dest: Path, set_aside: bool = False) -> Workspace:
    """A workspace whose docs are the READMEs of the questions' packages, at the versions they name. The dev
    run's holds only the dev questions' packages (a held-out package's docs are never seen while tuning); the
    set-aside run's holds them all (the dev packages' sections compete with the held-out ones)."""
    plugins.load()
    by_name = {e.name: e for e in E.ENGINES}
    for pkg in sorted({q.package for q in questions() if set_aside or not q.set_aside}):
        name, version = pkg.rsplit("@", 1)
        engine = by_name[name]
        if engine.version != version:
            raise RuntimeError(f"question file names {pkg}, the engine list installs {engine.spec}")
        root = E.install(engine)
        for doc in engine.docs:
            src = root / "node_modules" / name / doc
            target = dest / "docs" / name / doc
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    (dest / "footprint.toml").write_text('[docs]\npaths = ["docs"]\n', encoding="utf-8")
    return Workspace(dest, load_settings(dest))


# Markup in headings that a reader does not see as the heading's words: what a README's generator leaves
# (exceljs's `## Merged Cells[⬆](#contents)<!-- Link generated with jump2header -->`) and inline-code marks
# (howler's `#### onloaderror \`Function\``, which the chunker renders without them). The golden set names
# the heading as read; both sides are compared that way, however the chunker renders the markup.
_HEADING_MARKUP = re.compile(r"<!--.*?-->|\[?⬆\]?(?:\(#[^)]*\))?|\(#[^)]*\)|`")


def clean_heading(heading: str) -> str:
    return " › ".join(part.strip() for part in _HEADING_MARKUP.sub("", heading).split("›"))


def answers(heading: str, q: Question) -> bool:
    """A section with this heading path (`A › B › C`) is one the question names: the named heading itself or
    one of its subsections."""
    heading = clean_heading(heading)
    tail = heading + " ›"
    return any(heading.endswith(h) or f"› {h} ›" in tail or heading == h for h in map(clean_heading, q.headings))


def _matches(hit_path: Path, heading: str, ws: Workspace, q: Question) -> bool:
    if Path(hit_path).resolve() != (ws.root / "docs" / q.name / q.file).resolve():
        return False
    return answers(heading, q)


def rank(hits, ws: Workspace, q: Question) -> int | None:
    for i, h in enumerate(hits[:TOP]):
        if _matches(h.path, h.heading, ws, q):
            return i
    return None


_WORD = re.compile(r"[A-Za-z0-9]+")


class Sections(list):
    """The grep baseline's sections: (lower-cased heading and body, chunk) pairs in order, and which of them hold
    a word. A question's word is letters and digits only (`_WORD`), so it is a substring of a section's text
    exactly when it is a substring of one of the text's maximal runs of ASCII letters and digits: the distinct
    runs of all sections (a few MB, against the texts' tens) are joined by NUL once, and a word is looked up in
    them, once per evaluation (questions share most of their words), instead of `word in text` on every section
    for every question. The same answer as `word in text` for each section; any other word is looked up that way."""

    _RUN = re.compile(r"[a-z0-9]+")

    def __init__(self, items):
        super().__init__(items)
        where: dict[str, list[int]] = {}
        for i, (text, _) in enumerate(self):
            for run in set(self._RUN.findall(text)):
                where.setdefault(run, []).append(i)
        self._runs = list(where)
        self._where = [where[r] for r in self._runs]
        self._blob = "\0".join(self._runs)
        self._starts: list[int] = []
        at = 0
        for run in self._runs:
            self._starts.append(at)
            at += len(run) + 1
        self._holding: dict[str, tuple[int, ...]] = {}

    def holding(self, word: str) -> tuple[int, ...]:
        """The indexes of the sections whose text holds `word` (a substring, as `word in text`), ascending."""
        found = self._holding.get(word)
        if found is None:
            if not word or not self._RUN.fullmatch(word):
                found = tuple(i for i, (text, _) in enumerate(self) if word in text)
            else:
                out: set[int] = set()
                starts, blob = self._starts, self._blob
                pos = blob.find(word)
                while pos >= 0:
                    j = bisect.bisect_right(starts, pos) - 1
                    out.update(self._where[j])
                    pos = blob.find(word, starts[j + 1]) if j + 1 < len(starts) else -1
                found = tuple(sorted(out))
            self._holding[word] = found
        return found


def doc_sections(ws: Workspace) -> Sections:
    """Every section of every doc file of the workspace, in the grep baseline's order, each with the text it
    searches (heading and body, lower-cased). The docs do not change during an evaluation: chunked once, not
    once per question (which was half the evaluation's time)."""
    sections = []
    for path in sorted((ws.root / "docs").rglob("*")):
        if not path.is_file():
            continue
        for chunk in chunk_file(path, path.read_text(encoding="utf-8")):
            sections.append(((chunk.heading + "\n" + chunk.text).lower(), chunk))
    return Sections(sections)


def grep_hits(ws: Workspace, q: Question, sections: list[tuple[str, object]] | None = None):
    """The baseline: every section of every doc file (`doc_sections`), ranked by how many of the question's
    words (question words and fillers left out) it contains, as `grep -i -c` per word would; among as many,
    in the sections' order."""
    words = {w.lower() for w in _WORD.findall(q.q) if w.lower() not in QUESTION_WORDS and len(w) > 2}
    if sections is None:
        sections = doc_sections(ws)
    elif not isinstance(sections, Sections):
        sections = Sections(sections)
    count: dict[int, int] = {}
    for w in words:
        for i in sections.holding(w):
            count[i] = count.get(i, 0) + 1
    return [sections[i][1] for i in sorted(count, key=lambda i: (-count[i], i))]


@contextlib.contextmanager
def one_fused_search():
    """`lookup_docs(expand=True)` and rag_lookup's `retrieve` both run `lookup.fused_search`, the one how-to
    retrieval; for one question at the same depth over the same unchanged index they run the same search. For
    the duration, the second call of a question gets the first one's result (a copy) instead of searching again:
    each entry point still runs its own code around it, and a call with other arguments (another question or
    depth, a changed index: `DocsIndex.generation`) searches anew. Only the last search is kept."""
    real = _lookup_module.fused_search
    signature = inspect.signature(real)
    last: dict[tuple, tuple] = {}

    def shared(workspace: Workspace, index: DocsIndex, *args, **kwargs):
        call = signature.bind(workspace, index, *args, **kwargs)
        call.apply_defaults()  # `under` left out by one caller, passed as None by the other: one search

        def frozen(value):  # every argument in the key: the workspace and index by identity
            if value is workspace or value is index:
                return ("id", id(value))
            if isinstance(value, dict):
                return tuple((k, frozen(v)) for k, v in sorted(value.items()))
            if isinstance(value, (list, tuple)):
                return tuple(frozen(v) for v in value)
            return value

        key = (index.generation, frozen(call.arguments))
        if key not in last:
            last.clear()
            last[key] = real(workspace, index, *args, **kwargs)
        hits, queries, method = last[key]
        return list(hits), list(queries), method

    _lookup_module.fused_search = _rag_module.fused_search = shared
    try:
        yield
    finally:
        _lookup_module.fused_search = _rag_module.fused_search = real


@dataclass
class HowtoReport:
    n: int
    lookup: list[int | None]
    rag: list[int | None]
    grep: list[int | None]
    misses: dict[str, list[str]]

    @staticmethod
    def rate(ranks) -> float:
        return sum(r is not None for r in ranks) / len(ranks) if ranks else 0.0


class Evaluation:
    """The docs workspace of the questions' packages (`docs_workspace`), its index and grep baseline, built
    once; `ranks` scores any subset of the questions against it (every package's sections compete, whichever
    questions are asked)."""

    def __init__(self, work: Path, set_aside: bool = False):
        self.questions = questions(set_aside)
        self.ws = docs_workspace(work / "howto-docs", set_aside)
        # built here, not inside the first question's timing; with the `semantic` extra installed, its chunks
        # embedded before the first question too (else the first questions would run without the dense ranking)
        dense.warm(self.ws.service(DocsIndex))
        self.sections = doc_sections(self.ws)

    def ranks(self, qs: list[Question] | None = None) -> HowtoReport:
        qs = self.questions if qs is None else qs
        ws = self.ws
        lookup_r, rag_r, grep_r = [], [], []
        misses: dict[str, list[str]] = {"lookup --expand": [], "rag_lookup": [], "grep": []}
        with one_fused_search():
            for q in qs:
                lr = rank(lookup_docs(ws, q.q, limit=TOP, expand=True).results, ws, q)
                rr = rank(retrieve(ws, q.q, limit=TOP, semantic=False).hits, ws, q)
                gr = rank(grep_hits(ws, q, self.sections), ws, q)
                for label, r in (("lookup --expand", lr), ("rag_lookup", rr), ("grep", gr)):
                    if r is None:
                        misses[label].append(f"{q.q} -> {q.package} {q.headings[0]}")
                lookup_r.append(lr)
                rag_r.append(rr)
                grep_r.append(gr)
        return HowtoReport(len(qs), lookup_r, rag_r, grep_r, misses)


def evaluate(work: Path, set_aside: bool = False) -> HowtoReport:
    return Evaluation(work, set_aside).ranks()


def report(work: Path, set_aside: bool = False, verbose: bool = False, package: str | None = None) -> str:
    """The how-to table. `package` (a name without its version: `@stdlib/random`) ranks only that package's
    questions, still against the index of every package's docs (what CI's whole-set test ranks them against)."""
    ev = Evaluation(work, set_aside)
    # the questions the ranks are of, read once when the evaluation began: a run takes up to an hour, and reading
    # the file again here would label the columns with whatever it holds by then (a round flipped or added meanwhile)
    qs = [q for q in ev.questions if package is None or q.package.rsplit("@", 1)[0] == package]
    if not qs:
        return f"how-to retrieval: no {'set-aside ' if set_aside else ''}questions of {package}"
    r = ev.ranks(qs)
    head = "SET-ASIDE " if set_aside else ""
    packages = sorted({q.package for q in qs})
    lines = [f"{head}how-to retrieval: {r.n} questions from {len(packages)} packages' docs, right section in "
             f"the top {TOP}",
             f"  {'':<22} {'all':>6} " + " ".join(f"{p.rsplit('@', 1)[0]:>9}" for p in packages)]
    for label, ranks in (("rag_lookup retrieval", r.rag), ("lookup --expand", r.lookup), ("grep baseline", r.grep)):
        per = [HowtoReport.rate([x for x, q in zip(ranks, qs) if q.package == p]) for p in packages]
        lines.append(f"  {label:<22} {HowtoReport.rate(ranks):6.1%} " + " ".join(f"{x:>9.1%}" for x in per))
    lines.append(f"  {'questions':<22} {r.n:>6} " + " ".join(f"{sum(q.package == p for q in qs):>9}"
                                                             for p in packages))
    if verbose:
        for label, items in r.misses.items():
            if items:
                lines.append(f"  missed by {label}:")
                lines += [f"    {m}" for m in items]
    return "\n".join(lines)
