"""Literal prefilters never hide a match: derived literals are necessary, the scanner never misses one."""

from __future__ import annotations

import random

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from lsp_server.conventions.literals import LiteralScanner, query_literals, required_literals


def test_required_literals_of_common_rule_regexes():
    assert required_literals(r"legacy/compat") == {"legacy/compat"}
    assert required_literals(r"\b(595(\.28)?|841\.89|842)\b") == {"595", "841.89", "842"}
    assert required_literals(r"\bdoc\.render\(\)") == {"doc.render()"}
    assert required_literals(r"(?:foo|bar)+Baz") == {"Baz"}
    assert required_literals(r"#[0-9a-fA-F]{6}\b") is None  # "#" alone is too short to help
    assert required_literals(r"(?i)document") is None  # case-insensitive: no prefilter
    assert required_literals(r"(foo)?bar?") == {"ba"}  # the optional parts do not count
    assert required_literals(r"\p{Lu}+x") is None  # regex-package syntax: no prefilter, always evaluated


def test_query_literals_from_predicates():
    src = '((new_expression constructor: (identifier) @_c) @match (#eq? @_c "Document"))'
    assert query_literals(src, [(0, len(src.encode()))]) == {"Document"}
    two = '((call_expression) @match (#any-of? @match "aa" "bb"))\n((string) @match (#match? @match "#[0-9]{6}x"))'
    first_end = two.index("\n")
    assert query_literals(two, [(0, first_end), (first_end + 1, len(two))]) is None  # "#" too short
    assert query_literals("(debugger_statement) @match", [(0, 27)]) is None


def test_scanner_finds_overlapping_and_prefix_literals():
    scanner = LiteralScanner(["render", "rendering", "ab", "xa", "bcd", "zz"])
    assert scanner.present("call rendering; xabcd") == {"render", "rendering", "xa", "ab", "bcd"}
    assert scanner.present("nothing here") == set()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="abcx", min_size=2, max_size=5), min_size=1, max_size=8),
       st.text(alphabet="abcxy", max_size=60))
def test_scanner_is_exact_on_random_inputs(literals, text):
    assert LiteralScanner(literals).present(text) == {lit for lit in set(literals) if lit in text}


def test_required_literals_are_necessary_on_random_patterns():
    rng = random.Random(7)
    atoms = ["a", "b", "ab", "(a|bc)", "[ab]", "a+", "(?:ba)*", "c?", "(x|yz)", "."]
    for _ in range(400):
        pattern = "".join(rng.choice(atoms) for _ in range(rng.randint(1, 5)))
        lits = required_literals(pattern)
        if lits is None:
            continue
        compiled = regex.compile(pattern)
        for _ in range(20):
            text = "".join(rng.choice("abcxyz") for _ in range(rng.randint(0, 12)))
            if compiled.search(text):
                assert any(lit in text for lit in lits), (pattern, lits, text)


def test_benchmark_quick_runs():
    """The benchmark script runs (no timing asserts: figures are for humans, machines vary)."""
    from benchmarks import conventions

    assert conventions.main(["--quick"]) == 0


def test_no_query_literal_when_the_capture_may_be_missing():
    optional = '((call_expression function: (identifier)? @_f) @match (#eq? @_f "xx"))'
    assert query_literals(optional, [(0, len(optional))]) is None
    alternation = '([(identifier) @_f (number)] @match (#eq? @_f "xx"))'
    assert query_literals(alternation, [(0, len(alternation))]) is None
    in_string = '((identifier) @match (#match? @match "^render[ab]?x*"))'  # quantifiers in a string are fine
    assert query_literals(in_string, [(0, len(in_string))]) == {"render"}
    plain = '((identifier) @match (#match? @match "^render_all"))'
    assert query_literals(plain, [(0, len(plain))]) == {"render_all"}
