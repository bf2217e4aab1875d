"""A declaration file's import that binds a name another file of the package declares (round 48, compromise's
hand-written typings): `types/view/one.d.ts` declares `class View`, `types/view/two.d.ts` says `import type View
from './one.d.ts'; interface Two extends View {...}; export default Two`, `types/view/three.d.ts` says `import
type View from './two.d.ts'; interface Three extends View { places: (n?: number) => View }`, and the entry says
`import type View from './view/three.d.ts'; declare function nlp(text: string): View`.

In each file `View` is what that file imports, as TypeScript reads it: the entry's `nlp()` makes a `Three`, whose
`places()` gives a `Two`. The reader holds the package in one namespace, where the short name `View` would be
one.d.ts's class: `nlp('x').places()` was then unknown (no such member on the class), and nothing after it was
checked."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

ONE = """declare class View {
    text(): string;
    json(): object[];
}
export default View
"""
TWO = """import type View from './one.d.ts'
interface Two extends View {
    contractions: (n?: number) => View
}
export default Two
"""
THREE = """import type View from './two.d.ts'
interface Three extends View {
    /** return places */
    places: (n?: number) => View
    verbs(): View
}
export default Three
"""
ENTRY = """import type View from './view/three.d.ts'
declare function nlp(text: string): View
export default nlp
"""


def workspace(tmp_path, app: str):
    return make_workspace(tmp_path, {
        "node_modules/kit/package.json": json.dumps({"name": "kit", "type": "module", "types": "types/three.d.ts"}),
        "node_modules/kit/types/three.d.ts": ENTRY,
        "node_modules/kit/types/view/one.d.ts": ONE,
        "node_modules/kit/types/view/two.d.ts": TWO,
        "node_modules/kit/types/view/three.d.ts": THREE,
        "src/app.js": app,
    })


def found(ws) -> list[tuple[int, str, list[str]]]:
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, "src/app.js")]


def test_an_imported_name_means_the_import_s_declaration_in_its_file(tmp_path):
    app = ("import nlp from 'kit'\n"
           "const doc = nlp('one two')\n"
           "doc.places().jsons()\n"      # places() of Three gives Two (two.d.ts's View): a slip of View's json
           "doc.verbs().contractions().texts()\n"
           "doc.places().contractions().text()\n"
           "doc.palces()\n")
    assert found(workspace(tmp_path, app)) == [(3, "jsons", ["json"]), (4, "texts", ["text"]),
                                               (6, "palces", ["places"])]


def test_the_entry_s_import_types_the_call_whose_members_are_all_known(tmp_path):
    # Two's own member on the result of the entry's `nlp()`: known, as TypeScript knows it
    app = "import nlp from 'kit'\nconst doc = nlp('x')\ndoc.contractions().json()\ndoc.places(2).contractions().text()\n"
    assert found(workspace(tmp_path, app)) == []
