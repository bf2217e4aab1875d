"""Each rule's Before/After examples are its test cases: it fires on Before, never on After (ast-grep style)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsp_server.conventions.examples import check_examples, examples_in
from lsp_server.conventions.rules import load_folder, rule_files
from tests.conftest import EXAMPLES

BUNDLED_RULES = EXAMPLES / "layout-engine" / "rules"


@pytest.mark.parametrize("path", rule_files(BUNDLED_RULES), ids=lambda p: p.stem)
def test_bundled_rule_fires_on_before_and_not_on_after(path: Path):
    rules, problems = load_folder(path.parent, "bundled")
    rule = next(r for r in rules if Path(r.path) == path)
    kinds = [e.kind for e in examples_in(path.read_text(encoding="utf-8"))]
    assert "Before" in kinds and "After" in kinds, "every bundled rule shows its Before and After"
    assert check_examples(rule) == []


RULE = '''+++
id = "t/no-var"
title = "No var"
files = ["**/*.js"]
[trigger]
query = '((variable_declaration) @match)'
+++
Before:

```js
var a = 1;
```

After:

    const a = 1;
'''


def _rule(tmp_path: Path, text: str):
    (tmp_path / "rules").mkdir(exist_ok=True)
    (tmp_path / "rules" / "r.md").write_text(text, encoding="utf-8")
    rules, problems = load_folder(tmp_path / "rules", "test")
    assert not problems
    return rules[0]


def test_fenced_and_indented_examples_are_read_with_their_file_lines(tmp_path: Path):
    examples = examples_in(RULE)
    assert [(e.kind, e.code, e.line) for e in examples] == [("Before", "var a = 1;\n", 10),
                                                             ("After", "const a = 1;\n", 15)]
    assert check_examples(_rule(tmp_path, RULE)) == []


def test_a_rule_that_misses_its_before_or_fires_on_its_after_is_reported(tmp_path: Path):
    swapped = RULE.replace("var a = 1;", "TMP").replace("const a = 1;", "var a = 1;").replace("TMP", "const a = 1;")
    problems = check_examples(_rule(tmp_path, swapped))
    assert sorted((p.line, p.message) for p in problems) == [
        (10, "rule t/no-var does not fire on its Before example"),
        (15, "rule t/no-var fires on its After example"),
    ]
