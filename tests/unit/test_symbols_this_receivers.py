"""`this` as a receiver (issue 17, round 12's phaser after its held-out run: 1,424 of its examples' 3,316 member
uses start at `this`). In a method of the user's own class that extends an engine class, `this` is an instance of
that class: the engine base's members and the class's own (methods, fields, `this.x = ...` anywhere in it). The
class may be shown in part, so a name neither has is claimed only as a near miss of a base member."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPES = """declare namespace Eng {
    class Scene {
        add: Factory;
        cameras: Cameras;
    }
    class Factory {
        image(x: number, y: number, key: string): Image;
        sprite(x: number, y: number, key: string): Image;
    }
    class Cameras {
        main: any;
    }
    class Image {
        setOrigin(x: number): this;
    }
}
declare module "eng" {
    export = Eng;
}
"""


README = """# eng

```js
class Level extends Eng.Scene {
    create() {
        this.add.image(400, 300, 'sky');
    }
}
```

```js
class Menu extends Eng.Scene {
    create() {
        this.cameras.main.fadeIn(100);
    }
}
```
"""


def _findings(tmp_path, app, readme=""):
    ws = make_workspace(tmp_path, {
        "node_modules/eng/package.json": json.dumps({"name": "eng", "types": "types/eng.d.ts"}),
        "node_modules/eng/types/eng.d.ts": TYPES, "node_modules/eng/README.md": readme, "src/app.js": app})
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]


def test_this_in_a_subclass_of_an_engine_class_is_checked(tmp_path):
    app = """import Eng from "eng";
class Level extends Eng.Scene {
    create() {
        this.player = this.add.sprite(1, 2, "p");
        this.add.image(1, 2, "sky").setOrigin(0);
        this.ad.image(1, 2, "sky");
        this.helper();
        this.player.setOrigin(0);
        this.score = 0;
    }
    helper() {
        return this.score + this.lives;  // set elsewhere (a fragment): not a near miss, not claimed
    }
}
"""
    assert _findings(tmp_path, app) == [(6, "ad")]


def test_this_in_a_class_of_its_own_is_not_checked(tmp_path):
    app = """import Eng from "eng";
class Level {
    create() {
        this.ad.image(1, 2, "sky");
    }
}
"""
    assert _findings(tmp_path, app) == []


def test_this_in_a_static_method_or_a_nested_function_is_not_the_instance(tmp_path):
    app = """import Eng from "eng";
class Level extends Eng.Scene {
    static make() {
        return this.ad;
    }
    create() {
        setTimeout(function () { this.ad.image(1, 2, "sky"); });
        setTimeout(() => this.ad.image(1, 2, "sky"));
    }
}
"""
    assert _findings(tmp_path, app) == [(8, "ad")]


# `this` outside any class: the engine's examples' methods that use `this` belong to subclasses of one engine class
FRAGMENT = """import Eng from "eng";
this.player = this.add.sprite(1, 2, "p");
this.player.setOrigin(0);
this.ad.image(400, 300, "sky");
"""

PLAIN_FUNCTION = """import Eng from "eng";
function create() {
    this.add.image(1, 2, "sky");
    this.cameras.mian;
}
new Eng.Scene();
"""


def test_this_in_a_fragment_takes_the_examples_convention(tmp_path):
    assert _findings(tmp_path, FRAGMENT, README) == [(4, "ad")]


def test_this_in_a_plain_function_takes_the_examples_convention(tmp_path):
    assert _findings(tmp_path, PLAIN_FUNCTION.replace("this.cameras.mian", "this.camras.main"), README) == \
        [(4, "camras")]


def test_no_convention_without_examples_or_in_other_receivers(tmp_path):
    assert _findings(tmp_path, FRAGMENT) == []  # the examples teach nothing of `this`
    other = """import Eng from "eng";
const menu = { create() { this.ad.image(1, 2, "sky"); } };
const f = function () { this.ad.image(1, 2, "sky"); };
const g = () => this.ad.image(1, 2, "sky");
class Own { create() { this.ad.image(1, 2, "sky"); } }
"""
    assert _findings(tmp_path, other, README) == []


def test_this_used_once_in_a_fragment_takes_the_convention_as_a_name_does(tmp_path):
    # a convention types a name used once (`by_convention`: no member need be used, one near miss may be): so
    # does the convention for `this` (round 13's phaser: `this.camras.main` alone in a doc comment's example)
    once = 'import Eng from "eng";\nconst camera = this.camras.main;\n'
    assert _findings(tmp_path / "a", once, README) == [(2, "camras")]
    # a name the type lacks that is no near miss of a member is the user's own (a fragment's field): not claimed
    assert _findings(tmp_path / "b", 'import Eng from "eng";\nthis.player.setOrigin(0);\n', README) == []


def test_this_in_a_subclass_of_the_users_own_subclass_is_checked(tmp_path):
    app = """import Eng from "eng";
class Level extends Eng.Scene {
    helper() {
        this.lives = 3;
    }
}
class Boss extends Level {
    create() {
        this.helper();
        this.add.image(1, 2, "sky").setOrigin(this.lives);
        this.ad.image(1, 2, "sky");
    }
}
class Loop extends Loop {
    create() {
        this.ad.image(1, 2, "sky");
    }
}
"""
    assert _findings(tmp_path, app) == [(11, "ad")]


def test_an_arrow_in_a_fragment_sees_the_fragments_this(tmp_path):
    # an arrow's `this` is its scope's (lexical): in a fragment that uses `this` at its top level (a method's
    # body, typed by the convention), an arrow callback's `this` is the same object
    app = """import Eng from "eng";
this.add.image(1, 2, "sky");
setTimeout(() => { this.camras.main.fadeIn(1); });
"""
    assert _findings(tmp_path, app, README) == [(3, "camras")]
