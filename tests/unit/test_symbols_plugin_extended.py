"""A callable namespace whose call gives an instance intersected with what plugins add (round 48, compromise:
`declare function nlp<PluginTypes = {}>(text: string): View & PluginTypes` merged with `declare namespace nlp`,
`export default nlp`), through the real pipeline:

- the call signature's own type parameter that nothing binds takes its default (`{}`), as a function's does;
- the result is a `View` extended by plugins: a name `View` lacks may be a plugin's (`doc.dates()`, never
  reported), but a near miss of `View`'s own members is a slip (`doc.getText()`: did you mean `text`?);
- the docs' later blocks call the default export bare (`nlp(text)` with its import in the first block only):
  that name is the package's default export there, as a whole value's name is;
- a chain through a plugin's method (`doc.dates().isValid().isBefore('2010')`, `dates` a name the engine's
  files spell but none of its types has) is the plugin's value: `isBefore` is no slip of `View.before` there,
  while a chain through the engine's own members stays checked; so too where `doc` is reassigned the same
  extended View (`doc = nlp(b)`: every value agrees, so it keeps its type)."""

from __future__ import annotations

import json

import pytest

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """declare class View {
    text(options?: string): string;
    match(pattern: string): View;
    verbs(): View;
    has(pattern: string): boolean;
    json(): object[];
    before(match: string): View;
}
declare function nlp<PluginTypes = {}>(text: string): View & PluginTypes;
declare namespace nlp {
    export function plugin(plugin: object): any;
    export const version: string;
}
export default nlp;
"""

README = """# kit

```js
import nlp from 'kit'
let doc = nlp('she sells seashells')
doc.verbs().text()
```

```js
let doc = nlp('the blurst of times')
doc.match('#Adjective').text()
```

```js
nlp('wee').has('#Noun')
```
"""


def workspace(tmp_path, files: dict[str, str]):
    return make_workspace(tmp_path, {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "type": "module", "types": "index.d.ts"}),
        "node_modules/kit/index.d.ts": TYPES,
        "node_modules/kit/README.md": README,
        "src/uses.js": "import nlp from 'kit'\nnlp('x').text()\n",  # the project uses the engine
        **files,
    })


def found(ws, rel):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_plugin_extended_result_reports_slips_of_its_own_members_only(tmp_path):
    head = "import nlp from 'kit'\nlet doc = nlp('she sells')\n"
    ws = workspace(tmp_path, {"src/slip.js": head + "doc.getText()\n",
                              "src/plugin.js": head + "doc.dates().json()\ndoc.text()\n",
                              "src/clean.js": head + "doc.verbs().text()\n"})
    assert found(ws, "src/slip.js") == [(3, "getText", "warning", ["text"])]
    assert found(ws, "src/plugin.js") == []
    assert found(ws, "src/clean.js") == []


def test_the_docs_default_export_called_bare_is_the_package_s(tmp_path):
    # no import in the file, as in the docs' later blocks: `nlp` is what their first block imports
    ws = workspace(tmp_path, {"src/bare.js": "let doc = nlp('the blurst')\ndoc.texts()\n",
                              "src/chained.js": "nlp('wee').jsons()\n",
                              "src/clean.js": "let doc = nlp('the blurst')\ndoc.match('#Adjective').text()\n"})
    assert found(ws, "src/bare.js") == [(2, "texts", "warning", ["text"])]
    assert found(ws, "src/chained.js") == [(1, "jsons", "warning", ["json"])]
    assert found(ws, "src/clean.js") == []


@pytest.mark.parametrize("head", [
    "import nlp from 'kit'\nlet doc = nlp('june 5th')\n\n",
    # reassigned the same extended View: it keeps that type
    "import nlp from 'kit'\nlet doc = nlp('june 5th')\ndoc = nlp('april 7 2008')\n",
])
def test_a_chain_through_a_plugin_s_method_is_the_plugin_s_value(tmp_path, head):
    ws = workspace(tmp_path, {
        # the engine's files spell the plugin's method (a test of it, a comment): no type of the engine has it
        "node_modules/kit/package.json": json.dumps({"name": "kit", "type": "module", "types": "index.d.ts",
                                                     "main": "src/index.js"}),
        "node_modules/kit/src/index.js": "export default function nlp(text) { return text }\n"
                                         "export function later(doc) { return doc.dates().get() }\n",
        "src/plugin.js": head + "doc.dates({ timezone: 'UTC' }).isValid().isBefore('2010').json()\n",
        "src/own.js": head + "doc.verbs().isBefore('2010')\n",
        "src/slip.js": head + "doc.dates().isBefore('2010')\ndoc.verbs().isBefore('2010')\n"})
    assert found(ws, "src/plugin.js") == []
    # through the engine's own member the value is the engine's: a near miss of its member stays reported
    assert [name for _, name, _, _ in found(ws, "src/own.js")] == ["isBefore"]
    assert [(line, name) for line, name, _, _ in found(ws, "src/slip.js")] == [(5, "isBefore")]
