"""`lookup_docs`: literal, millisecond search over the engine's docs, for people (hover, CLI) and agents.

Full text only: every result holds every query term (after the analyzer), so the tool can only return text
that exists. No match gives an empty result that says so and offers the nearest indexed terms; concept words
(`[concepts]` and aliases mined from the docs) are expanded to symbols and the search re-run when the
literal one finds nothing; `expand=True` (for how-to questions) runs `fused_search`, the retrieval rag_lookup
uses too: the `search_queries` angles, clauses and concept expansions, plus a recall ranking of chunks that
hold most of the focused angle's terms, grep's rankings, a ranking by the question's concepts and their
thesaurus synonyms (`thesaurus.py`), and the same concepts over the sections' leads (heading and first
paragraph: the sentence under a signature heading says what the member does), fused; then a prior for the
doc file the question's words belong to most and one for its doc collection (`file_prior`: several
engines' docs in one index).

The `lookup_docs` command (lsp_server/surfaces/commands.py) goes through `guards.run` (cache, identical-call
blocks, coalescing, near-duplicates, known_symbols, budget); the pure `lookup_docs` function does not, so hover
and other features call it freely.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.knowledge.chunker import HEADING_SEP
from lsp_server.knowledge.concepts import expand_concepts, replace_concept
from lsp_server.knowledge.dense import dense_search
from lsp_server.knowledge.docs_index import DocsIndex, IndexHit, analyze, doc_roots, query_groups
from lsp_server.knowledge.question_words import wanted_part, without_markers
from lsp_server.knowledge.thesaurus import complete_concepts, question_concepts
from lsp_server.knowledge.search_queries import QUESTION_WORDS, VERBS, focused_terms, is_fact_lookup, search_queries
from lsp_server.providers import HoverInfo, RequestContext, hover_provider
from lsp_server.syntax import syntax_for
from lsp_server.syntax.modules import DEFAULT, NAMESPACE, import_declaring
from lsp_server.workspace import Workspace

RRF_K = 60


@dataclass(frozen=True)
class DocHit:
    path: Path
    start_line: int  # 0-based, inclusive
    end_line: int
    heading: str
    snippet: str  # matched terms marked **like this**
    score: float
    text: str = field(default="", repr=False)  # the whole chunk
    identifiers: tuple[str, ...] = field(default=(), repr=False)
    chunk_id: str = field(default="", repr=False)  # the index's id of the chunk (rag_lookup cites it)


@dataclass
class LookupResult:
    query: str
    results: list[DocHit]
    note: str | None = None
    queries: list[str] = field(default_factory=list)  # the queries actually run
    expansions: list[str] = field(default_factory=list)  # concept expansions used ("box -> Block")


def _doc_hit(h: IndexHit, score: float | None = None) -> DocHit:
    return DocHit(h.path, h.start_line, h.end_line, h.heading, h.snippet,
                  h.score if score is None else score, h.text, h.identifiers, h.chunk_id)


def fuse_rankings(rankings: list[list[IndexHit]], limit: int, k: int | list[int] = RRF_K,
                  weights: list[float] | None = None) -> list[DocHit]:
    """Reciprocal rank fusion of several ranked lists (one list: its own order and scores), each weighted
    (default 1), with one constant `k` or one per list. The items may also be `DocHit`s (anything with a `chunk_id` and the hit fields), e.g. to fuse
    a re-ranked list with the list it came from."""
    ks = k if isinstance(k, list) else [k] * len(rankings)
    weighted = [(r, w, kk) for r, w, kk in zip(rankings, weights or [1.0] * len(rankings), ks) if r]
    if not weighted:
        return []
    if len(weighted) == 1:
        return [_doc_hit(h) for h in weighted[0][0][:limit]]
    scores: dict[str, float] = {}
    first: dict[str, IndexHit] = {}
    for ranking, weight, kk in weighted:
        for rank, hit in enumerate(ranking):
            scores[hit.chunk_id] = scores.get(hit.chunk_id, 0.0) + weight / (kk + rank + 1)
            first.setdefault(hit.chunk_id, hit)
    order = sorted(scores, key=lambda cid: (-scores[cid], cid))[:limit]
    return [_doc_hit(first[cid], round(scores[cid], 5)) for cid in order]


def lookup_docs(workspace: Workspace, query: str, limit: int = 5, path: str | None = None,
                expand: bool = False) -> LookupResult:
    """Ranked doc chunks holding every term of `query`; see the module docstring."""
    query = query.strip()
    if not query:
        return LookupResult(query, [], "Empty query.")
    index = workspace.service(DocsIndex)
    if index.file_count == 0:
        return LookupResult(query, [], "No docs are indexed: list doc folders or files in [docs] paths "
                                       "(footprint.toml or an engine pack's pack.toml).")
    under = None
    if path:
        p = Path(path).expanduser()
        under = (p if p.is_absolute() else workspace.root / p).resolve()
    notes: list[str] = []
    depth = max(limit, 10)
    if expand and not is_fact_lookup(query):
        hits, queries, method = fused_search(workspace, index, query, depth, under)
        hits = hits[:limit]
        outcomes = [index.search(query, limit, under)]
        notes.append("Ran " + ", ".join(f"'{q}'" for q in queries) + f" and fused the rankings ({method}).")
    else:
        queries = [query]
        outcomes = [index.search(query, limit, under)]
        hits = fuse_rankings([o.hits for o in outcomes], limit)
    expansions: list[str] = []
    if not hits:
        variants: list[tuple[str, str]] = []
        for word, symbols in expand_concepts(workspace, query):
            for symbol in symbols:
                variants.append((f"{word} -> {symbol}", replace_concept(query, word, symbol)))
        if variants:
            found = [(label, q, index.search(q, depth, under)) for label, q in variants]
            used = [(label, q) for label, q, o in found if o.hits]
            hits = fuse_rankings([o.hits for _, _, o in found], limit)
            queries += [q for _, q in variants]
            if hits:
                expansions = [label for label, _ in used]
                notes.append(f"No literal match for '{query}'; expanded concept {', '.join(expansions)} and "
                             f"searched {', '.join(repr(q) for _, q in used)}.")
    if not hits:
        notes.append(_no_match_note(index, query, outcomes[0]))
    return LookupResult(query, hits, " ".join(notes) or None, queries, expansions)


def fused_search(workspace: Workspace, index: DocsIndex, question: str, depth: int,
                 under: Path | None = None) -> tuple[list[DocHit], list[str], str]:
    """The one how-to retrieval (`lookup_docs(expand=True)`, `rag_lookup`): the question, its search angles
    (the engine's own names for its words, its API as code) and its clauses' angles, each searched
    literally; concept words replaced by their symbols; and a recall ranking of the chunks holding most of
    the focused angle's terms (each of those holds at least half of them: text that exists, never made up).
    Heading words weigh more in every search (the index's heading boost). Also grep's rankings, the
    concept ranking (the question's words and their thesaurus synonyms, BM25) and the lead ranking (the
    same over each section's heading and first paragraph). Fused by reciprocal rank."""
    names, usages = index.identifiers_with, index.usages_of
    asked_as = question
    if DROP_MARKERS:  # "..., for example to alter the payload": `example` is no subject (`without_markers`)
        question = without_markers(question)
    angles = search_queries(question, index.has_identifier, names, usages)
    # The asker's words lead (the question, the focused angle, each clause's); the engine-vocabulary and
    # code angles and concept replacements support them at a lower weight: they find the API reference,
    # which should rank an answer higher, not crowd out the guide or FAQ section that answers the question.
    queries: dict[str, float] = {question: 1.0}
    for i, angle in enumerate(angles):
        queries.setdefault(angle, 1.0 if i == 0 else SUPPORT_WEIGHT)
    for clause in clauses(question):  # "a two-column layout | with a header that repeats on each page"
        for i, q in enumerate(dict.fromkeys([clause, *search_queries(clause, index.has_identifier, names, usages)])):
            queries.setdefault(q, 1.0 if i <= 1 else SUPPORT_WEIGHT)
    for word, symbols in expand_concepts(workspace, question):
        for q in (replace_concept(question, word, s) for s in symbols[:2]):
            queries.setdefault(q, CONCEPT_WEIGHT)
    same: set[tuple] = set()  # `what is a box` and `box` are one query to the index: counted once
    for q in list(queries):
        key = tuple(query_groups(q))
        if key in same:
            del queries[q]
        same.add(key)
    rankings = {q: index.search(q, depth, under).hits for q in queries}
    method = f"reciprocal rank fusion of {len(queries)} literal quer{'y' if len(queries) == 1 else 'ies'}"
    focused = focused_terms(question) or question
    lead = {h.chunk_id for q, r in rankings.items() if queries[q] == 1.0 for h in r}
    if len(lead) < RELAX_BELOW:
        # Literal search needs every term in one chunk: a long question may find little. Leave one term of
        # the focused angle out at a time (each hit still holds every term of the query that found it).
        words = focused.split()
        if 3 <= len(words) <= 8:
            for i in range(len(words)):
                relaxed = " ".join(words[:i] + words[i + 1:])
                if relaxed not in queries:
                    found = index.search(relaxed, depth, under).hits
                    if found:
                        queries[relaxed] = 1.0
                        rankings[relaxed] = found
    groups = len(query_groups(focused))
    partial: list = []
    if groups >= 3:
        partial = index.search(focused, depth, under, min_match=(groups + 1) // 2).hits
        if partial:
            method += f" and a partial-match ranking ('{focused}', at least {(groups + 1) // 2} terms)"
    # grep's angle: every chunk holding any of the asker's words, those holding more first. Literal
    # angles need all their terms in one chunk; grep never misses a section for want of one word, so the
    # fusion holds its ranking too and cannot do worse than it where the question's own words decide.
    # Both weigh the words of what the asker wants, not of what they rule out ("without any bundler").
    wanted = wanted_part(question)
    grep_words = [w for w in re.findall(r"[A-Za-z0-9]+", wanted) if len(w) > 2 and w.lower() not in QUESTION_WORDS]
    grep, rare = index.grep(grep_words, depth, under)
    if grep:
        method += " and grep's rankings (chunks holding most of the question's words, and of its rarest)"
    # the thesaurus's angle: the question's concepts in the docs' words too ("how long" -> time, latency)
    # and a word the docs spell in full ("a .mid file" -> midi)
    asked = complete_concepts(wanted, question_concepts(wanted), index.completions)
    concepts = index.search_concepts(asked, depth, under)
    if concepts:
        method += " and a concept ranking (the question's words and their thesaurus synonyms, BM25)"
    # the same concepts over the sections' leads (heading and first paragraph): a reference entry says what
    # it does in one sentence under its signature (`.undo()`: "Takeback the last half-move"), which long
    # sections holding the same words in passing outweigh in the whole-text ranking
    leads = index.search_concepts(asked, depth, under, lead=True) if LEAD_WEIGHT else []
    if leads:
        method += " and a lead ranking (the same concepts over the sections' headings and first paragraphs)"
    # the same concepts over the identifiers of the sections' code (examples, code spans), split into their
    # words: the section whose example calls `startFollow` for "follow", `undo` for "undo"
    code = index.search_concepts(asked, depth, under, code=True) if CODE_WEIGHT else []
    if code:
        method += " and a code ranking (the same concepts over the identifiers the sections' code uses)"
    # the dense ranking: every chunk by embedding similarity to the question (the `semantic` extra's model):
    # a section that answers in other words than the asker's ("half as loud" for a volume filter)
    dense = _dense_ranking(workspace, index, asked_as, depth * 3, under)
    if dense:
        method += DENSE_RAN
    # the page the question's words point at, section by section (`page_ranking`)
    affinity = index.file_affinity(asked, FILE_PRIOR_SMOOTHING) if FILE_PRIOR or PAGE_WEIGHT else {}
    pages = page_ranking(index, asked, affinity, depth, under) if PAGE_WEIGHT else []
    if pages:
        method += " and a page ranking (the same concepts over the sections of the page they point at)"
    order = list(queries)
    # The concept ranking weighs every word of the question (and its synonyms) at once, so its order counts
    # most (the smallest k); each literal angle's first places count too (k = 10, not RRF's usual 60, under
    # which ~10 lists of 10 merely vote by presence and the one section holding the rarest word is lost).
    fused = fuse_rankings([rankings[q] for q in order] + [partial, grep, rare, concepts, leads, code, dense, pages],
                          depth * 3, k=[ANGLES_K] * (len(order) + 3) + [CONCEPTS_K, LEAD_K, CODE_K, DENSE_K, PAGE_K],
                          weights=[queries[q] for q in order] + [1.0, GREP_WEIGHT, RARE_WEIGHT, CONCEPTS_WEIGHT,
                                                                 LEAD_WEIGHT, CODE_WEIGHT, DENSE_WEIGHT, PAGE_WEIGHT])
    # The doc file the question's words point at, over the others (several engines' docs in one index)
    if FILE_PRIOR and fused and affinity:
        fused = file_prior(fused, affinity)
        method += ", the doc file the question's words point at lifted"
    # ... and the collection (one engine's docs among several engines', however many files it has)
    weight = collection_prior_weight(bool(dense))
    grouped = index.file_affinity(asked, FILE_PRIOR_SMOOTHING, collections=True) if weight and fused else {}
    if len(grouped) > 1:
        of = index.collections()
        fused = file_prior(fused, grouped, weight, key=lambda path: of.get(path, path))
        method += ", the doc collection the question's words point at lifted"
    # Same-titled pages (one thing's variants, each in its own folder): the one whose folder the question names
    if NAMED_SIBLINGS and fused:
        identities, family = index.sibling_identities()
        named = named_siblings(identities, asked)
        if named:
            fused = prefer_named_siblings(fused, named, family)
            method += ", the same-titled page whose folder the question names lifted"
    # A changelog lists what changed, not how to do it: below the usage sections unless the question asks
    # about versions or changes
    if CHANGELOG_WEIGHT != 1.0 and not _ASKS_ABOUT_CHANGES.search(question):
        fused = demote_changelogs(fused)
    # The top places go to distinct sections: a long section split into chunks fills one place, with its
    # best chunk (two chunks of one section in the top 5 pushed the next section out).
    fused = distinct_sections(fused) if DISTINCT_SECTIONS else fused
    # ... and to distinct texts: a README assembled from the doc pages repeats each page's section word for word
    # under the same heading; one place goes to the copy on the page dedicated to it
    fused = merge_verbatim_copies(fused) if MERGE_VERBATIM_COPIES else fused
    # ... and to the member's own page: an API overview lists each member under its signature with a line of its
    # own words (`ShallowWrapper API › .tap(intercepter) => Self`) beside the page titled with that signature
    fused = merge_signature_entries(fused, index.collections()) if MERGE_SIGNATURE_ENTRIES else fused
    # ... and to distinct headings: the fifth page's `Settings › Abort Signals and Timeouts` says what the first's did
    fused = demote_repeated_headings(fused) if REPEATED_HEADING_WEIGHT != 1.0 else fused
    # ... and to several pages: one page's third section is less likely the answer than another page's best
    fused = demote_crowded_pages(fused) if CROWDED_PAGE_WEIGHT != 1.0 else fused
    # A compound question is answered part by part: each clause's best section comes first.
    leaders = {r[0].chunk_id for q in clauses(question) if (r := rankings.get(q))} if CLAUSE_LEADERS else set()
    return leaders_first(fused, leaders)[:depth], order, method


def page_ranking(index: DocsIndex, asked: list, affinity: dict[str, float], depth: int,
                 under: Path | None = None) -> list:
    """The sections of the doc pages the question's concepts point at most (`affinity`: `file_affinity`, the
    `PAGE_FILES` best pages it lifts, under `under`), each page's ranked by the same concepts (BM25), the best
    page's first. Component and API pages are one thing each ("Dialog", "Carousel"): the question's words that
    name the page ("modal window", "slideshow") hold for all of its sections, and the concept ranking over the
    whole docs lifts the page's opening section, which says the name most; within the page the question's
    other words decide ("dimmed background" -> the section on the overlay)."""
    if not affinity or len(affinity) < 2:
        return []
    root = str(under) if under is not None else None
    files = [f for f in sorted(affinity, key=lambda f: (-affinity[f], f)) if affinity[f] > PAGE_AFFINITY
             and (root is None or f == root or f.startswith(root.rstrip("/") + "/"))][:PAGE_FILES]
    out: list = []
    for f in files:
        # the concepts the page's title names hold for every section of it: the others rank them
        title = index.title_terms(f)
        rest = [c for c in asked if not any(set(terms) <= title for terms, _ in c.alternatives)] if title else asked
        out += index.search_concepts(rest or asked, depth, Path(f))
    return out


def collection_prior_weight(dense_ran: bool) -> float:
    """The collection prior's weight: `COLLECTION_PRIOR` over the lexical rankings alone, `COLLECTION_PRIOR_DENSE`
    when the dense ranking joined the fusion. The prior reads the engine off the question's words; the dense
    ranking already brings the sections of the engine whose subject the question is about, whatever its words,
    and a strong prior then lifts the engine the words merely sound like (591 dev questions with the `semantic`
    extra: 367 in the top 5 at 2, 355 at 4; without it 282 at 2, 287 at 4)."""
    return COLLECTION_PRIOR_DENSE if dense_ran else COLLECTION_PRIOR


def leaders_first(hits: list[DocHit], leaders: set[str]) -> list[DocHit]:
    """`hits` (best first) with each clause's best section (`leaders`, chunk ids) moved to the front, when the
    fusion itself scores it at least `CLAUSE_LEADER_SHARE` of the best hit's score. A clause's literal search
    may be led by a section none of the other rankings supports (a changelog line, another engine's section
    holding the clause's common words, fused at a tenth of the top score): put first, it pushed the answer
    down a place in 41 of the 591 dev questions and out of the top 5 in one. A part of a compound question
    answered by a section of its own (`A header on every page`, at 0.28 of the top) still goes first."""
    if leaders and hits and CLAUSE_LEADER_SHARE:
        floor = CLAUSE_LEADER_SHARE * max(h.score for h in hits)
        leaders = {h.chunk_id for h in hits if h.chunk_id in leaders and h.score >= floor}
    return sorted(hits, key=lambda h: h.chunk_id not in leaders)


def _dense_ranking(workspace: Workspace, index: DocsIndex, question: str, limit: int,
                   under: Path | None) -> list:
    """`DENSE_RANKER`'s ranking, unless it is off (`[rag] semantic = false`, the same switch as rag_lookup's
    semantic re-rank)."""
    if DENSE_RANKER is None or not DENSE_WEIGHT:
        return []
    from lsp_server.knowledge.generators import RagConfig

    if not workspace.settings.get(RagConfig).semantic:
        return []
    return DENSE_RANKER(index, question, limit, under)


def file_prior(hits: list[DocHit], affinity: dict[str, float], weight: float | None = None,
               key=str) -> list[DocHit]:
    """`hits` re-scored by how much the question's words belong to each hit's doc file
    (`DocsIndex.file_affinity`): each score times 1 + `FILE_PRIOR` x the file's softmax share of the affinity.
    With several engines' docs in one index (a workspace using two engines; the held-out evaluation indexes
    every package's README), a question that names no engine is still mostly in one engine's words
    ("the board", "a shared array"): that file's sections gain on another file's section that merely holds
    the same common words. One file, or words spread evenly: no change."""
    if not affinity:
        return hits
    weight = FILE_PRIOR if weight is None else weight
    top = max(affinity.values())
    weights = {f: math.exp(v - top) for f, v in affinity.items()}
    z = sum(weights.values())
    scored = [(h.score * (1 + weight * weights.get(key(str(h.path)), 0.0) / z), -i, h) for i, h in enumerate(hits)]
    scored.sort(key=lambda s: (-s[0], -s[1]))
    return [replace(h, score=round(sc, 5)) for sc, _, h in scored]


# the heading's own words, nothing else: `.history()` is a member, not a changelog
_CHANGELOG_HEADING = re.compile(r"^(?:release\s+history|release\s+notes|change\s*log|changes|history|"
                                r"what'?s\s+new|news)\s*[:!]?$", re.I)
_ASKS_ABOUT_CHANGES = re.compile(r"\b(?:version|versions|release|released|releases|changelog|changed|changes|"
                                 r"upgrade|upgrading|migrate|migrating|migration|breaking|deprecated|history)\b",
                                 re.I)
_HEADING_MARKUP = re.compile(r"<!--.*?-->|\[[^\]]*\]\([^)]*\)|[`⬆]")


def demote_changelogs(hits: list[DocHit]) -> list[DocHit]:
    """`hits` with a changelog section's (its own heading `Release History`, `Changelog`, `Change log`, ...)
    score times `CHANGELOG_WEIGHT`: a long list of fixes holds most words of any question and answers none."""
    def own(h: DocHit) -> str:
        return _HEADING_MARKUP.sub("", h.heading.split(" › ")[-1]).strip()

    scored = [(h.score * (CHANGELOG_WEIGHT if _CHANGELOG_HEADING.match(own(h)) else 1.0), i, h)
              for i, h in enumerate(hits)]
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [h if sc == h.score else replace(h, score=round(sc, 5)) for sc, _, h in scored]


def named_siblings(identities: dict[str, frozenset[str]], asked: list) -> dict[str, float]:
    """Doc file -> how much the question's concepts (`thesaurus.Concept`) name what tells it from its same-titled
    siblings (`DocsIndex.sibling_identities`: its folder's terms): for each concept, the weight of its best
    alternative whose terms are all of the page's own; summed. Only pages some concept names."""
    out: dict[str, float] = {}
    for path, own in identities.items():
        named = sum(max((w for terms, w in c.alternatives if set(terms) <= own), default=0.0) for c in asked)
        if named:
            out[path] = named
    return out


def prefer_named_siblings(hits: list[DocHit], named: dict[str, float], family: dict[str, str]) -> list[DocHit]:
    """`hits` (best first) with the places that the sections of one family of same-titled pages hold (`family`:
    doc file -> its family's key) given first to the sections of the page the question names most among them
    (`named_siblings`), each taking the score of the place it takes. Generated docs give one thing's variants (a
    sampler, its iterator, its stream, its array form) pages of the same title and headings, so the question's
    words for the thing match them all alike; "an iterator", "a stream" is what picks one. Only the family's
    own places change hands: every other hit keeps its place and score, and a family none of whose ranked
    pages the question names keeps its order."""
    places: dict[str, list[int]] = {}
    for i, h in enumerate(hits):
        key = family.get(str(h.path))
        if key is not None:
            places.setdefault(key, []).append(i)
    out = list(hits)
    for at in places.values():
        if not any(named.get(str(hits[i].path)) for i in at):
            continue
        order = sorted(at, key=lambda i: (-named.get(str(hits[i].path), 0.0), i))
        for place, i in zip(at, order):
            out[place] = hits[i] if hits[i].score == hits[place].score else replace(hits[i], score=hits[place].score)
    return out


def distinct_sections(hits: list[DocHit]) -> list[DocHit]:
    """One hit per section (file + heading path): its first, best-ranked chunk, in the order given. No
    section moves down: only repeats of a section above it are left out."""
    seen: set[tuple[str, str]] = set()
    out = []
    for h in hits:
        key = (str(h.path), h.heading)
        if key not in seen:
            seen.add(key)
            out.append(h)
    return out


_MARKDOWN_HEADING_LINE = re.compile(r"^\s{0,3}#{1,6}\s.*$", re.M)


def _body_words(text: str) -> str:
    """A chunk's text without its heading lines, whitespace collapsed: what two copies of a section share."""
    return " ".join(_MARKDOWN_HEADING_LINE.sub(" ", text).split())


def merge_verbatim_copies(hits: list[DocHit]) -> list[DocHit]:
    """`hits` (best first) with each section that another hit copies word for word (the same own heading,
    markup and case aside, and one's text, heading lines and spacing aside, holding the other's whole, at least
    `VERBATIM_MIN_CHARS` long) given to the copy on the page dedicated to it: the copies nested deeper than the
    shallowest (a README's `Intro › API › avg()` beside the page titled `avg()`) are left out, and the best
    shallowest copy takes the best place of them all, at that place's score. Copies as deep (one generated
    page's variants: a sampler, its iterator, its stream) all keep their places: nothing tells which one the
    question asks for (`prefer_named_siblings` decides among same-titled pages). A README assembled
    from a project's doc pages repeats every page under the same heading: the two copies matched the question
    alike and took two of the top places, and the copy ranked first demoted the page as a repeated heading
    (`demote_repeated_headings`). The answer is the page; the README's copy says nothing it does not."""
    def own(h: DocHit) -> str:
        return " ".join(_HEADING_MARKUP.sub("", h.heading.split(" › ")[-1]).lower().split())

    groups: list[list[int]] = []  # indexes into hits, best first
    body = [_body_words(h.text) for h in hits]
    by_heading: dict[str, list[int]] = {}
    for i, h in enumerate(hits):
        for g in by_heading.get(own(h), ()):
            j = groups[g][0]
            a, b = sorted((body[i], body[j]), key=len)
            if len(a) >= VERBATIM_MIN_CHARS and a in b:
                groups[g].append(i)
                break
        else:
            by_heading.setdefault(own(h), []).append(len(groups))
            groups.append([i])
    left_out: set[int] = set()
    takes: dict[int, int] = {}  # a group's best place -> the dedicated copy that takes it
    for g in groups:
        depth = {i: hits[i].heading.count(" › ") for i in g}
        shallowest = min(depth.values())
        left_out.update(i for i in g if depth[i] > shallowest)  # copies as deep keep their places
        best = next(i for i in g if depth[i] == shallowest)
        if best != g[0]:
            takes[g[0]] = best
            left_out.add(best)
    if not left_out:
        return hits
    return [replace(hits[takes[i]], score=h.score) if i in takes else h
            for i, h in enumerate(hits) if i in takes or i not in left_out]


# a heading that is a member's signature: a name and its parameter list (`.tap(intercepter) => Self`,
# `mount(node[, options])`, `Foo.bar()`), not prose that merely holds a parenthesis (`Full Rendering API (mount)`);
# the member is named by the signature through its parameter list (an overview may give another return type:
# `.update() => ShallowWrapper` beside the page `.update() => Self`)
_SIGNATURE_HEADING = re.compile(r"^\.?[A-Za-z_$][\w$.]*\([^)]*\)")


def _own_heading(h: DocHit) -> str:
    return " ".join(_HEADING_MARKUP.sub("", h.heading.split(" › ")[-1]).lower().split())


def signature_of(h: DocHit) -> str | None:
    """The member a hit's own heading is the signature of (`.tap(intercepter)`), markup, case and return type
    aside; None for any other heading."""
    m = _SIGNATURE_HEADING.match(_own_heading(h))
    return m.group(0) if m else None


def merge_signature_entries(hits: list[DocHit], collections: dict[str, str]) -> list[DocHit]:
    """`hits` (best first) with the places of an API overview's entries for a member (sections nested under a
    page's title whose own heading is the member's signature, `Shallow Rendering API › ShallowWrapper API ›
    .tap(intercepter) => Self`) given to the pages of the same doc collection titled with that signature
    (`.tap(intercepter) => Self`: markup, case and return type aside): the member's pages take the best places
    of the entries and pages together, in their order, at those places' scores, and the entries are left out.
    An overview sums each member up in a line that often holds the question's words as well as the page does,
    and every copy of the heading after the first was demoted as a repeat (`demote_repeated_headings`): two
    overviews' entries held the top places and the member's own pages (its arguments, returns, examples) fell out
    of the top 5. Unlike `merge_verbatim_copies` the texts need not match: a signature names one member, a prose
    heading (`Installation`) may head other words on another page. One member of two classes has two pages:
    both take places."""
    pages: dict[tuple[str, str], list[int]] = {}
    entries: dict[tuple[str, str], list[int]] = {}
    for i, h in enumerate(hits):
        member = signature_of(h)
        if member is None:
            continue
        key = (collections.get(str(h.path), str(h.path)), member)
        (entries if " › " in h.heading else pages).setdefault(key, []).append(i)
    left_out: set[int] = set()
    takes: dict[int, int] = {}  # a place -> the page that takes it
    for key, at in entries.items():
        if key not in pages:
            continue
        places = sorted(at + pages[key])
        left_out.update(places)
        for place, page in zip(places, pages[key]):
            takes[place] = page
            left_out.discard(place)
    if not takes:
        return hits
    return [replace(hits[takes[i]], score=h.score) if i in takes else h
            for i, h in enumerate(hits) if i in takes or i not in left_out]


def demote_crowded_pages(hits: list[DocHit]) -> list[DocHit]:
    """`hits` (best first) with each section of a page that already has `PAGE_PLACES` better-ranked sections
    scored times `CROWDED_PAGE_WEIGHT`. A page whose subject the question's words name (its title, its
    intro) lifts all of its sections alike: the top places filled with one page's sections leave no place
    for another page's section that answers. The page's best sections keep their places and scores."""
    seen: dict[str, int] = {}
    scored = []
    for i, h in enumerate(hits):
        key = str(h.path)
        scored.append((h.score * (CROWDED_PAGE_WEIGHT if seen.get(key, 0) >= PAGE_PLACES else 1.0), i, h))
        seen[key] = seen.get(key, 0) + 1
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [h if sc == h.score else replace(h, score=round(sc, 5)) for sc, _, h in scored]


def demote_repeated_headings(hits: list[DocHit]) -> list[DocHit]:
    """`hits` (best first) with each section whose own heading (the last part of its path, markup and case
    aside) repeats that of a better-ranked hit scored times `REPEATED_HEADING_WEIGHT`. Generated docs repeat
    a page's structure under the same headings (`Settings › Abort Signals and Timeouts` on every model page,
    `Notes`, `Example`, `Usage` under every method): the question's words that match one match all of them,
    and the top places filled with the same section of several pages leave no place for another answer.
    The best-ranked of them keeps its place and score."""
    def own(h: DocHit) -> str:
        return " ".join(_HEADING_MARKUP.sub("", h.heading.split(" › ")[-1]).lower().split())

    seen: set[str] = set()
    scored = []
    for i, h in enumerate(hits):
        key = own(h)
        # a page titled with a member's signature that another page's title repeats is the same member of
        # another class (`ShallowWrapper/tap.md`, `ReactWrapper/tap.md`): both answer alike, and the question's
        # words seldom tell which class it means; the second keeps its place (`SIGNATURE_TWINS_KEPT`)
        twin = SIGNATURE_TWINS_KEPT and " › " not in h.heading and signature_of(h) is not None
        scored.append((h.score * (REPEATED_HEADING_WEIGHT if key in seen and not twin else 1.0), i, h))
        seen.add(key)
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [h if sc == h.score else replace(h, score=round(sc, 5)) for sc, _, h in scored]


SUPPORT_WEIGHT = 0.1
GREP_WEIGHT = 1.5  # 1.0 before the lead ranking joined the fusion: grep's share of it kept (howto_cv)
RARE_WEIGHT = 1.0
CONCEPTS_WEIGHT = 3.0  # one ranking that weighs every word of the question, against ~10 literal ones
CONCEPTS_K = 5  # its reciprocal-rank constant: its first places count clearly more than its fifth
ANGLES_K = 10  # the literal angles' (measured on the dev questions: 8-15 alike)
LEAD_WEIGHT = 1.0  # the lead ranking's (`search_concepts(lead=True)`)
LEAD_K = 5
CODE_WEIGHT = 0.0  # the code ranking's (`search_concepts(code=True)`)
CODE_K = 5
CONCEPT_WEIGHT = 0.02  # a concept word's symbol (`box` -> Block): mostly a fallback when the words find little
FILE_PRIOR = 0.5  # `file_prior`: a hit's score rises by up to this share for the file the question points at
# the same for the hit's doc collection (`docs_index.collection_of`: one engine's docs however many files they
# are); 0 before round 13: with an engine of ~40 files (phaser) indexed, 2 was best in and out of sample; 4 since
# round 15 (591 questions over 19 engines: +5, chosen in every left-out fold; docs/evaluation.md, round 15)
COLLECTION_PRIOR = 4.0
COLLECTION_PRIOR_DENSE = 2.0  # ... and with the dense ranking in the fusion (`collection_prior_weight`)
FILE_PRIOR_SMOOTHING = 20.0  # `DocsIndex.file_affinity`'s, in chunks
CHANGELOG_WEIGHT = 0.5  # `demote_changelogs`: a changelog section's score is multiplied by it
DISTINCT_SECTIONS = True  # the top places go to distinct sections (`distinct_sections`)
# `demote_crowded_pages`: a page's sections after its first `PAGE_PLACES` scored times this (1: off). Measured at 0.5
# on every dev question (round 31, docs/evaluation.md "howto31"): 587 -> 588 of 1,605, but five packages lost more
# than they gained; not shipped
CROWDED_PAGE_WEIGHT = 1.0
PAGE_PLACES = 2
# `merge_verbatim_copies`: one place for a section and its word-for-word copies (a README assembled from the doc
# pages), kept on the page dedicated to it; copies shorter than VERBATIM_MIN_CHARS are never merged
MERGE_VERBATIM_COPIES = True
VERBATIM_MIN_CHARS = 80
# `merge_signature_entries`: an API overview's entry for a member left out for the page titled with its signature
# (round 41 after its held-out run: docs/evaluation/after-runs.md, "howto41")
MERGE_SIGNATURE_ENTRIES = True
SIGNATURE_TWINS_KEPT = True  # `demote_repeated_headings` leaves a page titled with a signature another page's title repeats
REPEATED_HEADING_WEIGHT = 0.5  # `demote_repeated_headings`: a repeat of a better hit's own heading (1: off)
CLAUSE_LEADERS = True  # each clause's best section first
# ... when its fused score is at least this share of the best one's (`leaders_first`; 0: always, as before
# round 15; 0.1-0.5 measured on the dev questions alike in hits, 0.5 best in MRR but it drops a compound
# question's second part at 0.28: docs/evaluation.md, round 15)
CLAUSE_LEADER_SHARE = 0.2
# the dense ranking (`dense.dense_search`: every chunk by embedding similarity to the question), when the
# `semantic` extra is installed and the index's chunks are embedded; [] otherwise
DENSE_RANKER = dense_search
DENSE_RAN = " and a dense ranking (embedding similarity)"  # in the method when it ran
DENSE_WEIGHT = 8.0  # measured 1-20 on the dev questions (docs/evaluation.md, round 12): 8 best in and out of sample
DENSE_K = 10
# the question's discourse markers ("for example", "for instance", "e.g.") left out of every lexical ranking
# (`question_words.without_markers`; round 16: docs/evaluation.md)
DROP_MARKERS = True
# the page ranking (`page_ranking`): the sections of the `PAGE_FILES` doc files the question's concepts point at
# most (their `file_affinity` above `PAGE_AFFINITY`), fused at `PAGE_WEIGHT` (0: off) with `PAGE_K`. Measured, not
# shipped (round 18 after its held-out run, docs/evaluation.md): at 3, webawesome's component pages +15 of 60 and
# the other packages -11 of 765 (an FAQ answer below the pages named `Table` and `Row`); howto_cv's variants
PAGE_WEIGHT = 0.0
PAGE_K = 5
PAGE_FILES = 2
PAGE_AFFINITY = 0.0
# `prefer_named_siblings`: among pages of the same title, the one whose folder the question names takes the places
# the family's sections hold (round 33 after its held-out run: @stdlib/random +1 of 60; of 418 other dev questions
# naming such a folder, 4 reordered, none's answer moved in or out of the top 5: docs/evaluation/after-runs.md,
# "howto33")
NAMED_SIBLINGS = True
RELAX_BELOW = 5  # relaxed queries when the leading queries find fewer chunks than this


_CLAUSE_BREAK = re.compile(r"\s*(?:[,;:]|\b(?:with|and|plus|while|then|also|but)\b)\s*", re.I)


def clauses(question: str) -> list[str]:
    """The parts of a compound question, each naming at least two things ("... layout with a header that
    repeats" -> "... layout", "a header that repeats"); [] for a simple one ("use the engine with CommonJS")."""
    parts = [p.strip(" ?.!") for p in _CLAUSE_BREAK.split(question)]
    parts = [p for p in parts if len(query_groups(" ".join(w for w in p.split() if w.lower() not in VERBS))) >= 2]
    return parts if len(parts) >= 2 else []


def _no_match_note(index: DocsIndex, query: str, outcome) -> str:
    if not outcome.terms:
        return f"No match: '{query}' has no searchable terms (only stop words or one-letter words)."
    spelled = {}
    for term, s, e in analyze(query, query=True):
        spelled.setdefault(term, query[s:e])
    if outcome.missing:
        parts = []
        for term in outcome.missing:
            near = index.nearest_terms(term)
            word = spelled.get(term, term)
            parts.append(f"'{word}' is not in the docs" + (f" (did you mean: {', '.join(near)}?)" if near
                                                          else " (no close indexed term)"))
        return "No match. " + "; ".join(parts) + "."
    each = ", ".join(f"'{spelled.get(t, t)}' ({index.term_frequency(t)} chunks)" for t in outcome.terms)
    return (f"No match: no chunk holds all of the terms, though each appears on its own: {each}. "
            "Use fewer terms, or expand: true.")


# --- JSON ---------------------------------------------------------------------------------------------------
def skipped_docs(workspace: Workspace) -> list[tuple[Path, str]]:
    """Doc files the index left out (too large, not a regular file, a symlink leading outside the roots),
    with the reason: the walker's notes for files under the doc folders."""
    roots = [r.resolve() for r in doc_roots(workspace)]
    return sorted((p, reason) for p, reason in list(workspace.skipped.items())
                  if any(p == r or r in p.parents for r in roots) or any(p.resolve() == r for r in roots))


def gist(result: LookupResult) -> str:
    if not result.results:
        return f"no match for '{result.query}'."
    top = result.results[0]
    return (f"{len(result.results)} result(s), top: {top.heading} ({top.path.name}:{top.start_line + 1}-"
            f"{top.end_line + 1}).")


# --- hover ----------------------------------------------------------------------------------------------
_IDENT_NODES = {"identifier", "property_identifier", "shorthand_property_identifier", "type_identifier",
                "shorthand_property_identifier_pattern"}
HOVER_LINES = 18


def doc_for_identifier(index: DocsIndex, name: str, member: bool = False) -> DocHit | None:
    """The doc chunk for an identifier: the best one whose heading names it; for a member or a
    class-like name, else the best one whose code mentions it. None rather than noise."""
    outcome = index.search(name, limit=10)
    word = re.compile(r"(?<![\w$])" + re.escape(name) + r"(?![\w$])")
    # Parameter lists do not count: `getCell(row, column)` does not document a variable `row`.
    named = [h for h in outcome.hits if word.search(re.sub(r"\([^)]*\)", "", h.heading))]
    # Written docs first: the declaration's own comment adds little next to the signature hover.
    for h in sorted(named, key=lambda h: h.kind == "api"):
        return _doc_hit(h)
    if member or name[:1].isupper():
        for h in outcome.hits:
            if name in h.identifiers:
                return _doc_hit(h)
    return None


def doc_for_member(index: DocsIndex, owners: list[str], name: str) -> tuple[DocHit, str] | None:
    """The doc chunk about `Owner.name` for the first of `owners` (the receiver's type, then the type declaring
    the member) that has one, with that owner: a heading naming `Owner.name`, or naming `name` under the owner's
    own section or file (`Table › addRow(options)`, table.md). Never a chunk about another type's namesake."""
    for owner in owners:
        outcome = index.search(f"{owner}.{name}", limit=10)
        for h in sorted(outcome.hits, key=lambda h: h.kind == "api"):  # written docs first, as by name
            if _about(h, owner, name):
                return _doc_hit(h), owner
    return None


def _about(hit: IndexHit, owner: str, name: str) -> bool:
    """Whether a chunk's heading is about the member `name` of `owner` (parameter lists left out)."""
    parts = [re.sub(r"\([^)]*\)", "", p) for p in hit.heading.split(HEADING_SEP)]
    last = parts[-1]
    if re.search(rf"(?<![\w$]){re.escape(owner)}\.{re.escape(name)}(?![\w$])", last):
        return True
    if not re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", last):
        return False  # not about `name`, or about another type's (`Grid.addRow`)
    owner_word = re.compile(rf"(?<![\w$.]){re.escape(owner)}(?![\w$])")
    return any(owner_word.search(p) for p in parts[:-1]) or Path(hit.path).stem.lower() == owner.lower()


@hover_provider
def docs_hover(doc: ParsedDocument, offset: int, ctx: RequestContext) -> HoverInfo | None:
    """The top doc chunk for the identifier under the cursor (no signature: check_symbols shows that). A member
    whose receiver's type is known gets the chunk about that type's member (`Table.addRow` for `table.addRow()`,
    never another type's `addRow`), or none; by its name alone only when the receiver's type is unknown. The
    hover says which it did."""
    if doc.tree is None:
        return None
    index = ctx.workspace.peek_service(DocsIndex)  # never build in a hover: warmed at start-up
    if index is None or index.file_count == 0:
        return None
    node = doc.tree.root_node.descendant_for_byte_range(offset, offset)
    if (node is None or node.type not in _IDENT_NODES) and offset > 0:
        node = doc.tree.root_node.descendant_for_byte_range(offset - 1, offset - 1)
    if node is None or node.type not in _IDENT_NODES:
        return None
    name = doc.source[node.start_byte:node.end_byte].decode("utf-8", "replace")
    parent = node.parent
    member = parent is not None and parent.type == "member_expression" and \
        parent.child_by_field_name("property") == node
    if not member:
        imported = _imported_export(doc, node)
        if imported is not None:
            name = imported  # `T` of `import { Types as T }` or `const { Types: T } = require()`: the docs say `Types`
        elif _local_binding(doc, node):
            return None  # `box`, `page`: the file's own variables are not the engine's words (the FAQ's "box")
    matched = ""
    owners = _receiver_types(doc, node.start_byte, ctx) if member else None
    if owners is not None:
        # the same member's chunk until the docs change: a hover is asked again and again on one name
        found = index.remembered(("member", tuple(owners), name),
                                 lambda: doc_for_member(index, owners, name)) if owners else None
        if found is None:
            return None  # the receiver's type is known: another type's namesake is not its doc
        hit, owner = found
        matched = f"*Docs of `{owner}.{name}`*"
    else:
        hit = index.remembered(("identifier", name, member), lambda: doc_for_identifier(index, name, member))
        if hit is None:
            return None
        if member:
            matched = f"*Matched by the name `{name}` only*"  # no receiver type to qualify it (or a module's export)
    return HoverInfo(hover_markdown(hit, ctx.workspace, matched), node.start_byte, node.end_byte)


def _receiver_types(doc: ParsedDocument, offset: int, ctx: RequestContext) -> list[str] | None:
    """`unknown_symbol.receiver_types_at` (imported here: the object model's analysis is loaded only for a hover)."""
    from lsp_server.knowledge.unknown_symbol import receiver_types_at

    return receiver_types_at(doc, offset, ctx.workspace)


def _imported_export(doc: ParsedDocument, node) -> str | None:
    """The export a name is bound to by an import or a require (`Types` for `T` of `import { Types as T }`, of
    `const { Types: T } = require(...)`), when it names one: not a default or a namespace, whose local name is
    the only name the file gives them."""
    syntax = syntax_for(doc.language)
    if syntax is None:
        return None
    binding = syntax.scopes(doc).resolve(node)
    if binding is None or not binding.declarations:
        return None
    imported = import_declaring(doc, binding.declaration.node, binding.name)
    return imported.name if imported is not None and imported.name not in (DEFAULT, NAMESPACE) else None


def _local_binding(doc: ParsedDocument, node) -> bool:
    """Whether the name is one of the file's own bindings (a variable, parameter, function or class declared
    here), not an import: an imported engine class keeps its docs."""
    syntax = syntax_for(doc.language)
    if syntax is None:
        return False
    binding = syntax.scopes(doc).resolve(node)
    return binding is not None and bool(binding.declarations) and \
        all(d.kind != "import" for d in binding.declarations)


def hover_markdown(hit: DocHit, workspace: Workspace, matched: str = "") -> str:
    """A doc chunk as a hover: its heading and a link to it, what it was matched by (`matched`), its text."""
    lines = hit.text.split("\n")
    # The chunk often opens with its own heading, which the bold title line already shows.
    first = next((i for i, ln in enumerate(lines) if ln.strip()), None)
    if first is not None and lines[first].lstrip("#").strip() == hit.heading.split(" › ")[-1].strip():
        lines = lines[first + 1:]
    body = lines[:HOVER_LINES]
    if len(lines) > HOVER_LINES:
        fences = sum(1 for ln in body if re.match(r"^\s{0,3}(```|~~~)", ln))
        if fences % 2:
            body.append("```")
        body.append("…")
    try:  # relative to the workspace, also for a pack beside it (`../engine/docs/x.md`): no wrapping path
        shown = Path(os.path.relpath(hit.path, workspace.root)).as_posix()
    except ValueError:  # another drive
        shown = Path(hit.path).as_posix()
    where = f"{shown}:{hit.start_line + 1}"
    link = f"[{where}]({path_to_uri(hit.path)}#L{hit.start_line + 1})"
    return f"**{hit.heading}** — {link}\n\n" + (f"{matched}\n\n" if matched else "") + "\n".join(body).strip()
