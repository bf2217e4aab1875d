"""The how-to thesaurus (lsp_server/knowledge/thesaurus.py), its data file, and the concept ranking it feeds
(`DocsIndex.search_concepts`, fused into `lookup_docs(expand=True)` / rag_lookup's retrieval)."""

from __future__ import annotations

from pathlib import Path

from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.knowledge.lookup import lookup_docs
from lsp_server.knowledge.thesaurus import SYNONYM_WEIGHT, Thesaurus, default_thesaurus, question_concepts
from lsp_server.workspace import Workspace
from tests.conftest import trust_folder

SMALL = Thesaurus.parse("""
# comment line
measure, time, latency, round trip, how long
send, emit, transmit   # a trailing comment
error, fail, unable
lonely
""")


def _alternatives(concepts, said: str) -> dict[str, float]:
    concept = next(c for c in concepts if c.said == said)
    return {" ".join(t): w for t, w in concept.alternatives}


def test_parse_reads_groups_and_phrases_and_skips_comments_and_single_words():
    assert len(SMALL.groups) == 3
    assert SMALL.spelled[0] == ("measure", "time", "latency", "round trip", "how long")
    assert ("round", "trip") in SMALL.groups[0]  # a phrase is the stems of its words


def test_question_words_keep_full_weight_and_synonyms_weigh_less():
    concepts = question_concepts("how do I send a message", SMALL)
    send = _alternatives(concepts, "send")
    assert send["send"] == 1.0 and send["emit"] == SYNONYM_WEIGHT and send["transmit"] == SYNONYM_WEIGHT
    assert _alternatives(concepts, "message") == {"messag": 1.0}  # not in the thesaurus: itself only
    assert all(c.said not in ("how", "do", "I", "a") for c in concepts)  # question words are no concepts


def test_a_phrase_of_the_question_matches_before_its_words():
    concepts = question_concepts("measure how long a message takes", SMALL)
    measure = _alternatives(concepts, "measure how long")  # "measure" and "how long" share a group: one concept
    assert measure["round trip"] == SYNONYM_WEIGHT and measure["latenc"] == SYNONYM_WEIGHT
    assert "long" not in measure or measure["long"] < 1.0  # "how long" is no strong clue for "long"


def test_words_of_one_group_are_one_concept():
    concepts = question_concepts("handle an error when the file fails to load", SMALL)
    saids = [c.said for c in concepts]
    assert "error fails" in saids and "error" not in saids and "fails" not in saids
    assert question_concepts("a server and a server", SMALL)[0].said == "server server"


def test_the_data_file_is_general_programming_english():
    th = default_thesaurus()
    assert len(th.groups) >= 80
    words = {w for group in th.spelled for w in group}
    assert {"send", "emit", "certificate", "tls", "latency", "round trip", "delete", "header"} <= words
    assert all(len(group) >= 2 for group in th.groups)


DOCS = {
    "guide.md": """# Sockets

## Sending and receiving messages

Call `socket.write(data)` to transmit a message; the `data` event gives incoming messages.

## Round-trip time

```js
socket.on('open', () => socket.write(Date.now()));
socket.on('message', (data) => console.log(`latency: ${Date.now() - data} ms`));
```

## Closing

Call `socket.end()` when the message exchange is over.
""",
}


def _ws(tmp_path: Path) -> Workspace:
    for name, text in DOCS.items():
        path = tmp_path / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "footprint.toml").write_text('cache_dir = ".cache-idx"\n[docs]\npaths = ["docs"]\n', encoding="utf-8")
    trust_folder(tmp_path)
    return Workspace(tmp_path)


def test_concept_ranking_finds_the_section_in_the_docs_words(tmp_path):
    index = _ws(tmp_path).service(DocsIndex)
    question = "measure how long a message takes"
    hits = index.search_concepts(question_concepts(question, SMALL), limit=3)
    assert hits[0].heading == "Sockets › Round-trip time"
    # without the thesaurus the asker's words alone rank the section that says "message" most
    plain = index.search_concepts(question_concepts(question, Thesaurus((), ())), limit=3)
    assert plain[0].heading != "Sockets › Round-trip time"


def test_concept_ranking_weighs_the_heading(tmp_path):
    index = _ws(tmp_path).service(DocsIndex)
    # "message" is in all three sections' bodies; only one heading says it
    hits = index.search_concepts(question_concepts("messages", SMALL), limit=3)
    assert hits[0].heading == "Sockets › Sending and receiving messages"


def test_expanded_lookup_uses_the_thesaurus(tmp_path):
    ws = _ws(tmp_path)
    result = lookup_docs(ws, "how can I know the latency of a roundtrip", limit=3, expand=True)
    assert result.results[0].heading == "Sockets › Round-trip time"
    assert "concept ranking" in (result.note or "")
