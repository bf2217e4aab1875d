"""A platform name on an object the engine's typings give through a member of a guessed receiver (round 44):
`state.data.getExtension()` after `const state = await service.loadExtensions()`, where the docs' `service` is
typed by its name. `getExtension` is also a platform name (WebGL's), which on an inferred receiver usually says the
receiver may be a platform object; but `state.data` is what the engine's own typed members give, and the guess is
borne out by a member no platform object has (`loadExtensions`). Not for the guessed object itself, a guess borne
out only by platform names (`get`), a name some engine type has, or a name of the platform classes packages
extend (an emitter's `setMaxListeners`)."""

from __future__ import annotations

import json

from lsp_server.knowledge.builtin_names import builtin_members
from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare class Service {
    loadExtensions(): Promise<Selectors>;
    get(key: string): DataSelector;
    close(): Promise<void>;
}
export interface Selectors { data: DataSelector; }
export interface DataSelector {
    getExtensions(): string[] | undefined;
    getCart(): object;
    setListeners(n: number): void;
}
export declare function createService(options?: object): Service;
"""

OTHER = "export declare class Canvas { getExtension(name: string): object; }\n"


def readme() -> str:
    block = "import { createService } from 'shop';\nconst service = createService();\nawait service.loadExtensions();"
    return "# shop\n\n" + "\n\n".join(f"```js\n{block}\n```" for _ in range(3)) + "\n"


def workspace(tmp_path, files: dict[str, str], types: str = TYPES):
    return package_workspace(tmp_path, "shop", types, {
        "package.json": json.dumps({"name": "app", "dependencies": {"shop": "1.0.0"}}), **files,
    }, {"README.md": readme()})


def test_the_names_are_platform_names():
    # (else the cases below would not exercise the platform name rule at all)
    assert {"getExtension", "get", "close", "setMaxListeners"} <= builtin_members()


def test_a_platform_name_on_what_a_proven_guess_gives_is_a_near_miss(tmp_path):
    ws = workspace(tmp_path, {
        "src/miss.js": "const state = await service.loadExtensions();\nconsole.log(state.data.getExtension());\n",
        "src/real.js": "const state = await service.loadExtensions();\nconsole.log(state.data.getExtensions());\n",
    })
    assert flags_with_first_suggestion(ws, "src/miss.js") == [(2, "getExtension", ["getExtensions"])]
    assert flags_with_first_suggestion(ws, "src/real.js") == []


def test_a_platform_name_stays_silent_where_the_rule_does_not_hold(tmp_path):
    ws = workspace(tmp_path, {
        # the guessed object itself: it may be a platform one
        "src/itself.js": "await service.loadExtensions();\nservice.getExtension();\n",
        # the guess borne out only by a platform name: `service` may be a Map
        "src/unproven.js": "const d = service.get('x');\nd.getExtension();\n",
        # an emitter's name: the object may be one at run time
        "src/emitter.js": "const state = await service.loadExtensions();\nstate.data.setMaxListeners(2);\n",
    })
    assert flags_with_first_suggestion(ws, "src/itself.js") == []
    assert flags_with_first_suggestion(ws, "src/unproven.js") == []
    assert flags_with_first_suggestion(ws, "src/emitter.js") == []


def test_a_name_another_engine_type_has_stays_silent(tmp_path):
    ws = workspace(tmp_path, {"src/miss.js": "const state = await service.loadExtensions();\n"
                              "console.log(state.data.getExtension());\n"}, TYPES + OTHER)
    assert flags_with_first_suggestion(ws, "src/miss.js") == []
