"""Docs fragments without imports (issue 17, round 13 after the held-out run): `sprite.anchor.set(0.5)`,
`new Sprite(texture)`, `container.destroy()` on names no fragment declares. Two pieces of evidence say such a
file uses the engine: an undeclared name whose value is one of the engine's exports (`new Sprite(...)`), and an
undeclared receiver named as the engine's own examples name instances of one of its types (`const sprite = new
Sprite()` teaches `sprite`). On such a receiver, a near miss of a member of that type is reported even when the
member is also a platform name (`destroy`, `removeChild`: `getDestroy`, `removeChilds`), when it is the only name
no source in reach has that the file uses on it; names the engine, the platform or the workspace have stay
silent, and so do receivers rooted at a platform global (`process.env.X`)."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

# `Sprite` extends a base from a package that is not installed: the model cannot close it (as pixi's classes,
# whose members come partly from global mixin interfaces), so a convention never types `sprite` by itself
TYPES = """import { Mixed } from 'not-installed';
export declare class Node extends Mixed {
    destroy(): void;
    removeChild(child: Node): void;
    cacheAsTexture(on: boolean): void;
    visible: boolean;
}
export declare class Sprite extends Node {
    anchor: { x: number; y: number };
    tint: number;
}
"""

README = """# scene

```js
import { Sprite } from 'scene';
const sprite = new Sprite();
sprite.tint = 0xff0000;
sprite.destroy();
```
"""


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "scene", TYPES, {
        "package.json": json.dumps({"name": "app", "dependencies": {"scene": "1.0.0"}}),
        **files,
    }, {"README.md": README})


found = flags_with_first_suggestion


def test_an_undeclared_engine_export_says_the_fragment_uses_the_engine(tmp_path):
    ws = workspace(tmp_path, {
        "src/a.js": "const s = new Sprite();\nholder.cacheAsTextures(true);\n",
        "src/real.js": "const s = new Sprite();\nholder.cacheAsTexture(true);\n",
    })
    assert found(ws, "src/a.js") == [(2, "cacheAsTextures", ["cacheAsTexture"])]
    assert found(ws, "src/real.js") == []


def test_a_receiver_named_as_the_examples_name_an_instance(tmp_path):
    ws = workspace(tmp_path, {
        "src/prefix.js": "sprite.getDestroy();\n",
        "src/plural.js": "sprite.removeChilds(other);\n",
        "src/modelled.js": "sprite.cacheAsTextures(true);\n",
        "src/real.js": "sprite.destroy();\nsprite.removeChild(other);\nsprite.anchor.x = 1;\n",
        # the platform's names and the engine's own stay silent
        "src/platform.js": "sprite.addEventListener('x', f);\nsprite.toString();\n",
    })
    assert found(ws, "src/prefix.js") == [(1, "getDestroy", ["destroy"])]
    assert found(ws, "src/plural.js") == [(1, "removeChilds", ["removeChild"])]
    assert found(ws, "src/modelled.js") == [(1, "cacheAsTextures", ["cacheAsTexture"])]
    assert found(ws, "src/real.js") == []
    assert found(ws, "src/platform.js") == []


def test_several_unknown_names_on_the_receiver_say_it_is_something_else(tmp_path):
    # two names no source has, used on `sprite`: the file's `sprite` is not the engine's Sprite
    ws = workspace(tmp_path, {"src/other.js": "sprite.getDestroy();\nsprite.frobnicate();\n"})
    assert found(ws, "src/other.js") == []


def test_a_value_a_platform_global_holds_is_not_the_engines(tmp_path):
    ws = workspace(tmp_path, {
        "src/env.js": "import { Sprite } from 'scene';\nconst s = new Sprite();\n"
                      "const on = process.env.cacheAsTextures;\nconst off = window.app.cacheAsTextures;\n",
        # the global's own members are known: a near miss on it is still one
        "src/global.js": "import { Sprite } from 'scene';\nconst s = new Sprite();\nglobalThis.cacheAsTextures(true);\n",
    })
    assert found(ws, "src/env.js") == []
    assert found(ws, "src/global.js") == [(3, "cacheAsTextures", ["cacheAsTexture"])]


def test_a_write_read_nowhere_on_such_a_receiver_is_its_member_misspelled(tmp_path):
    ws = workspace(tmp_path, {
        "src/write.js": "sprite.visble = false;\n",
        "src/typo.js": "sprite.ancor.x = 1;\n",
        # read back in the file: the program's own property (an expando), whatever it is near
        "src/expando.js": "sprite.visibles = true;\nif (sprite.visibles) run();\n",
        # written on a receiver nothing names: JavaScript adds the property
        "src/other.js": "const s = new Sprite();\nholder.visibel = false;\n",
    })
    assert found(ws, "src/write.js") == [(1, "visble", ["visible"])]
    assert found(ws, "src/typo.js") == [(1, "ancor", ["anchor"])]
    assert found(ws, "src/expando.js") == []
    assert found(ws, "src/other.js") == []


def test_a_declared_receiver_of_an_open_engine_type_has_its_own_members_platform_named_too(tmp_path):
    # `s` is a Sprite by its declaration; the model cannot close Sprite (an unknown base): the vocabulary check's
    # business, where a variant of one of its own members is a near miss even when the platform has the member
    ws = workspace(tmp_path, {
        "src/a.js": "import { Sprite } from 'scene';\nconst s = new Sprite();\ns.getDestroy();\ns.removeChilds(s);\n",
        "src/real.js": "import { Sprite } from 'scene';\nconst s = new Sprite();\ns.destroy();\ns.removeChild(s);\n"
                       "s.addEventListener('x', f);\n",
    })
    assert found(ws, "src/a.js") == [(3, "getDestroy", ["destroy"]), (4, "removeChilds", ["removeChild"])]
    assert found(ws, "src/real.js") == []
