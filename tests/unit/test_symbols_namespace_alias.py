"""An undeclared name that is both the package's namespace (as its docs import it) and one of its classes
(issue 17, round 3's held-out run: tone's examples use `Tone` for `import * as Tone from "tone"`, and tone
also exports a base class `Tone`). The namespace evidence wins; a guessed receiver's "missing" member that the
package exports is never flagged. Through the real pipeline, on a small ESM-only package."""

from __future__ import annotations

import json

import pytest

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """export declare class Sound {
    static version: string;
    dispose(): this;
}
export declare class Synth extends Sound {
    triggerAttack(note: string): this;
    triggerRelease(): this;
}
export declare class Player extends Sound {
    start(): this;
    readonly loaded: boolean;
}
export declare function now(): number;
export declare function start(): Promise<void>;
"""

README = """# sound

```js
{alias}
```

```js
const synth = new Sound.Synth();
synth.triggerAttack("C4");
```
"""


IMPORT_AS = 'import * as Sound from "sound";'


def workspace(tmp_path, files: dict[str, str], readme: bool = True, alias: str = IMPORT_AS):
    pkg = {
        "node_modules/sound/package.json": json.dumps({"name": "sound", "type": "module", "types": "index.d.ts"}),
        "node_modules/sound/index.d.ts": TYPES,
        "src/uses.js": 'import { Synth } from "sound";\nnew Synth();\n',
    }
    if readme:
        pkg["node_modules/sound/README.md"] = README.replace("{alias}", alias)
    return make_workspace(tmp_path, {**pkg, **files})


def found(ws, rel):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


FRAGMENT = "const synth = new Sound.Synth();\nsynth.triggerAtack('C4');\nconst t = Sound.now();\nSound.start();\n"


@pytest.mark.parametrize("alias", [IMPORT_AS, 'const Sound = require("sound");'])
def test_a_namespace_import_in_the_docs_outranks_a_same_named_class(tmp_path, alias):
    # without the fix: `Sound` is the class, `Synth`/`now`/`start` are "missing statics", `synth` untyped
    ws = workspace(tmp_path, {"src/a.js": FRAGMENT}, alias=alias)
    assert found(ws, "src/a.js") == [(2, "triggerAtack", ["triggerAttack"])]


def test_uses_that_are_package_exports_make_the_name_the_namespace(tmp_path):
    # no docs to mine: the uses alone (`Sound.Synth`, `Sound.now`, none of the class's statics) decide
    ws = workspace(tmp_path, {"src/a.js": FRAGMENT, "src/b.js": "Sound.Synht;\nSound.now();\nSound.Player;\n"},
                   readme=False)
    assert found(ws, "src/a.js") == [(2, "triggerAtack", ["triggerAttack"])]
    assert found(ws, "src/b.js") == [(1, "Synht", ["Synth"])]


def test_a_guessed_class_receiver_never_flags_a_package_export(tmp_path):
    # `version` is the class's own static: the name stays the class; `now` is not its static, but the
    # package exports it, so the guess is what is wrong, not the code
    ws = workspace(tmp_path, {"src/a.js": "Sound.version;\nSound.now();\nSound.verison;\n"}, readme=False)
    assert found(ws, "src/a.js") == [(3, "verison", ["version"])]


@pytest.mark.parametrize("alias", [IMPORT_AS, 'const Sound = require("sound");'])
def test_the_docs_alias_alone_decides_when_the_uses_cannot(tmp_path, alias):
    # one invented name used on `Sound`: only the mined alias says it is the namespace (did-you-mean `Synth`,
    # not one of the class's statics)
    with_docs = workspace(tmp_path / "docs", {"src/a.js": "const s = new Sound.Synht();\n"}, alias=alias)
    assert found(with_docs, "src/a.js") == [(1, "Synht", ["Synth"])]
    without = workspace(tmp_path / "bare", {"src/a.js": "const s = new Sound.Synht();\n"}, readme=False)
    assert found(without, "src/a.js") != [(1, "Synht", ["Synth"])]
