"""Round 30 (weak30, codeceptjs's `locate`: `export const locate: typeof CodeceptJS.Locator.build` in its typings,
a global its runtime sets, written free all over its docs as `locate('.modal').withText('Save')`): a value typed
as a class's static method (a qualified `typeof`) is that method, so its call is the declared result; and a
one-word function the package exports, written free in a fragment, is that export when the package's own docs
call it free and read a member of its result on the call (else it may be the snippet's own helper). Through the
real `unknown-symbol` check on a tiny package."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPINGS = """declare namespace Kit {
  class Locator {
    withText(text: string): Locator;
    inside(locator: string): Locator;
    static build(locator?: string): Locator;
  }
}
declare module 'kit' {
  export const locate: typeof Kit.Locator.build
}
"""

README = """# kit

```js
I.click(locate('.button').withText('Save'));
```
"""


def flagged(tmp_path, app: str, readme: str | None = README) -> list[tuple[int, str, list]]:
    tree = {"node_modules/kit/package.json": json.dumps({"name": "kit", "types": "./index.d.ts"}),
            "node_modules/kit/index.d.ts": TYPINGS,
            "package.json": json.dumps({"name": "app", "dependencies": {"kit": "1.0.0"}}),
            "src/app.js": app}
    if readme is not None:
        tree["node_modules/kit/README.md"] = readme
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"], (f["data"] or {}).get("suggestions", [])[:1])
            for f in symbol_findings(ws, "src/app.js")]


def test_a_value_typed_as_a_static_method_is_that_method(tmp_path):
    assert flagged(tmp_path, "import { locate } from 'kit';\nlocate('a').withText('x').insides('b');\n"
                   "locate('a').inside('b');\n") == [(2, "insides", ["inside"])]


def test_a_free_one_word_function_is_the_export_the_docs_call_free(tmp_path):
    """The README calls `locate(...)` free and reads `withText` on its result: a fragment's free `locate` is the
    package's. Without such a use in the docs, a one-word free name may be the snippet's own helper: silent."""
    app = "locate('.button').withtext('Click me');\n"
    assert flagged(tmp_path / "a", app) == [(1, "withtext", ["withText"])]
    assert flagged(tmp_path / "b", app, readme="# kit\n") == []
