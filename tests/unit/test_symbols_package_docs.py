"""The docs a package ships beside its README (`docs/`) are the engine's own docs: a member they call on one of
its types is known even where the typings lack it (issue 17 point 2: a name any real source has is known; round
11's held-out run: undici's docs call `mockAgent.clearAllCallHistory()` on a `MockAgent` whose typings lack it,
and the check flagged the docs' own code). The answer says the sources disagree. A name the docs do not call as
a member (prose, a bare call) teaches nothing, nor does a page about older versions (a migration guide), and a
near miss of a docs-only member is still reported. Through
the real pipeline on a tiny package: typings, a README and a docs folder."""

from __future__ import annotations

import json

from lsp_server.knowledge.naming import ensure_conventions
from lsp_server.knowledge.object_model import ObjectModelService
from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace, package_workspace

TYPES = """export declare class MockAgent {
    constructor(options?: object);
    enableCallHistory(): this;
    disableCallHistory(): this;
    clearCallHistory(): void;
    get(origin: string): object;
}
"""

README = """# mocks

```js
import { MockAgent } from 'mocks'
const mockAgent = new MockAgent()
mockAgent.get('http://localhost')
```
"""

# the docs folder: one page declares the receiver, another uses it by the docs' own name for it (`mockAgent`)
AGENT_DOC = """# MockAgent

```js
import { MockAgent } from 'mocks'
const mockAgent = new MockAgent()
mockAgent.enableCallHistory()
mockAgent.clearCallHistories()
```

To start afresh, see `resetAllHistory` (planned); `clearHistory()` is not a member.

```js
clearHistory()
```
"""

HISTORY_DOC = """# Call history

```js
mockAgent.enableCallHistory()
mockAgent.enableMockHistory()
```
"""


# a migration guide's "before" code shows a name the engine no longer has
MIGRATION_DOC = """# Migrating from v1

```js
mockAgent.enableCallHistory()
mockAgent.clearHistories()
```
"""


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "mocks", TYPES, files, {"README.md": README, "docs/api/MockAgent.md": AGENT_DOC, "docs/api/MockCallHistory.md": HISTORY_DOC, "docs/guides/Migration-Guide-V2.md": MIGRATION_DOC})


found = flags_with_first_suggestion


def test_members_the_packages_docs_call_are_known_on_typed_and_untyped_receivers(tmp_path):
    ws = workspace(tmp_path, {
        "src/typed.js": "import { MockAgent } from 'mocks'\nconst agent = new MockAgent()\n"
                        "agent.clearCallHistories()\nagent.enableMockHistory()\n",
        "src/docs_own.js": "const mockAgent = new MockAgent()\nmockAgent.enableMockHistory()\n",
        "src/untyped.js": "import { MockAgent } from 'mocks'\n"
                          "export function reset(agent) { agent.clearCallHistories() }\n",
    })
    assert found(ws, "src/typed.js") == []
    assert found(ws, "src/docs_own.js") == []
    assert found(ws, "src/untyped.js") == []
    model = ws.service(ObjectModelService).model
    ensure_conventions(model)
    learned = model.example_members.get(("mocks", "MockAgent"), {})
    assert {"clearCallHistories", "enableMockHistory"} <= set(learned)
    assert learned["enableMockHistory"].path.endswith("MockCallHistory.md")


def test_names_the_docs_do_not_call_as_members_and_near_misses_of_docs_members_are_reported(tmp_path):
    ws = workspace(tmp_path, {
        "src/app.js": "import { MockAgent } from 'mocks'\nconst agent = new MockAgent()\n"
                      "agent.clearHistory()\nagent.resetAllHistory()\nagent.enableMockHistorys()\n"
                      "agent.clearHistories()\n",
    })
    assert [(line, name) for line, name, _ in found(ws, "src/app.js")] == [
        (3, "clearHistory"), (4, "resetAllHistory"), (5, "enableMockHistorys"), (6, "clearHistories")]
    assert found(ws, "src/app.js")[2][2] == ["enableMockHistory"]


def test_check_symbols_and_the_hover_say_the_docs_and_the_typings_disagree(tmp_path):
    from lsp_server import providers
    from lsp_server.knowledge.check_symbols import check_symbols
    from lsp_server.providers import RequestContext

    ws = workspace(tmp_path, {"src/app.js": "import { MockAgent } from 'mocks'\nconst agent = new MockAgent()\n"
                                            "agent.enableMockHistory()\n"})
    docs_only, typed = check_symbols(ws, ["MockAgent.enableMockHistory", "MockAgent.enableCallHistory"], docs=False)
    assert docs_only.status == "known" and docs_only.source.path.name == "MockCallHistory.md"
    assert docs_only.note == "sources disagree: in the engine's docs, not in its typings"
    assert typed.status == "known" and not typed.note
    doc = ws.document(ws.root / "src/app.js")
    hovers = providers.call_all(providers.HOVER, doc, doc.source.index(b"enableMockHistory") + 1, RequestContext(ws))
    text = "\n".join(h.markdown for h in hovers)
    assert "Sources disagree: `enableMockHistory` is in the engine's docs" in text and "not in its typings" in text


# Round 13, after the held-out run (pixi tuned on): the markdown a package ships elsewhere than `docs/` (agent-skill
# pages under `skills/<topic>/SKILL.md`, their `references/`) is its docs too. pixi's page calls
# `plane.geometry.build({})` on a field its typings declare as the base geometry class (the runtime object is a
# subclass with `build`); a migration page in a folder named so teaches nothing.
PLANE_TYPES = """export declare class Geometry {
    update(): void;
}
export declare class Plane {
    constructor(options?: object);
    geometry: Geometry;
}
"""

PLANE_SKILL = """# Planes

```ts
const plane = new Plane({ verticesX: 4 });
plane.geometry.build({});
```
"""

PLANE_MIGRATION = """# Migrating from v7

```ts
const plane = new Plane({ verticesX: 4 });
plane.geometry.rebuild();
```
"""


def test_markdown_the_package_ships_outside_docs_is_a_source_of_members(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/planes/package.json": json.dumps({"name": "planes", "types": "index.d.ts"}),
        "node_modules/planes/index.d.ts": PLANE_TYPES,
        "node_modules/planes/skills/planes-mesh/references/plane.md": PLANE_SKILL,
        "node_modules/planes/skills/planes-migration-v8/SKILL.md": PLANE_MIGRATION,
        "src/app.js": "import { Plane } from 'planes'\nconst p = new Plane()\np.geometry.build({})\n"
                      "p.geometry.rebuild()\np.geometry.updat()\n",
    })
    assert [(line, name) for line, name, _ in found(ws, "src/app.js")] == [(4, "rebuild"), (5, "updat")]


# A receiver typed only by its name's convention (`container` -> Container) on which the docs call a member only a
# subtype has (`container.addParticle(p)`, a ParticleContainer's): the docs' object is that subtype, so the member
# is not learned as the base type's, and a user's `container` that calls it is not taken for a plain Container.
PARTICLE_TYPES = """export declare class Container {
    addChild(child: object): void;
    removeChildren(): void;
    update(): void;
}
export declare class ParticleContainer extends Container {
    addParticle(p: object): void;
    particleChildren: object[];
}
"""

PARTICLE_README = """# particles

```js
import { Container } from 'particles'
const container = new Container()
container.addChild(child)
```

```js
container.addParticle(p)
container.update()
```
"""


def test_a_member_a_subtype_has_is_not_learned_on_a_receiver_typed_by_its_name(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/particles/package.json": json.dumps({"name": "particles", "types": "index.d.ts"}),
        "node_modules/particles/index.d.ts": PARTICLE_TYPES,
        "node_modules/particles/README.md": PARTICLE_README,
        "src/app.js": "import { Container } from 'particles'\n"
                      "container.addParticle(p)\ncontainer.particleChildren.length\n",
        "src/plain.js": "import { Container } from 'particles'\ncontainer.addChild(c)\ncontainer.removeChildrn()\n",
    })
    assert found(ws, "src/app.js") == []
    assert found(ws, "src/plain.js") == [(3, "removeChildrn", ["removeChildren"])]


def test_the_shipped_docs_have_room_beside_many_doc_comment_examples(tmp_path):
    """Typings whose doc comments carry more `@example`s than the examples' budget (pixi's thousands) still
    leave the shipped docs their own room: a member only the docs call stays known."""
    comments = "".join(f"/**\n * @example\n * const a{i} = new MockAgent();\n * a{i}.get('x{i}');\n */\n"
                       f"export declare function helper{i}(): void;\n" for i in range(450))
    ws = make_workspace(tmp_path, {
        "node_modules/mocks/package.json": json.dumps({"name": "mocks", "types": "index.d.ts"}),
        "node_modules/mocks/index.d.ts": TYPES + comments,
        "node_modules/mocks/guides/agent.md": AGENT_DOC,
        "src/app.js": "import { MockAgent } from 'mocks'\nconst agent = new MockAgent()\n"
                      "agent.clearCallHistories()\nagent.clearCallHistorys()\n",
    })
    assert [(line, name) for line, name, _ in found(ws, "src/app.js")] == [(4, "clearCallHistorys")]


# The check's side of the same: a user's `player`, typed only by the docs' name for a Sprite, calls a member of a
# Sprite subtype (`setCollideWorldBounds`, a physics sprite's): real on it; a near miss of a Sprite member is not.
SPRITE_TYPES = """export declare class Sprite {
    constructor(texture?: string);
    setTexture(key: string): this;
    setPosition(x: number, y: number): this;
    setCollisionGroup(group: number): this;
    body: object;
}
export declare class ArcadeSprite extends Sprite {
    setCollideWorldBounds(value: boolean): this;
}
"""

SPRITE_README = """# sprites

```js
import { Sprite } from 'sprites'
const player = new Sprite('hero')
player.setTexture('hero')
player.setPosition(1, 2)
```
"""


def test_a_member_a_subtype_has_is_real_on_a_receiver_typed_by_its_name(tmp_path):
    ws = make_workspace(tmp_path, {
        "node_modules/sprites/package.json": json.dumps({"name": "sprites", "types": "index.d.ts"}),
        "node_modules/sprites/index.d.ts": SPRITE_TYPES,
        "node_modules/sprites/README.md": SPRITE_README,
        "src/app.js": "import { Sprite } from 'sprites'\nplayer.setPosition(1, 2)\nplayer.setTexture('a')\n"
                      "player.setCollideWorldBounds(true)\n",
        "src/typo.js": "import { Sprite } from 'sprites'\nplayer.setPosition(1, 2)\nplayer.setTexture('a')\n"
                       "player.setTextures('b')\n",
    })
    assert found(ws, "src/app.js") == []
    assert found(ws, "src/typo.js") == [(4, "setTextures", ["setTexture"])]
