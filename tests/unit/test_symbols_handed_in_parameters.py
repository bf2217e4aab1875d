"""Round 36 (fp36): a synonym of an engine member on a parameter of a callback that an object literal hands to a
call, where the analysis could not type that parameter (`context.registerPlugin({ setup(build) { build.onLoad(...)
} })`: a build plugin handed to a bundler, whose `build` is the bundler's object): the caller passes its own object,
the engine's or any other library's, so another word for an engine member (`onLoad` for the engine's `onRead`:
load and read are both get) says nothing of the engine, as on the value of the snippet's own helper
(`_made_by_foreign_call`). A slip of the engine's name (a typo, a change of number, an accessor prefix) stays
reported there, and so does the synonym on a receiver declared otherwise (a free name, a function the snippet
declares, a callback passed bare)."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export interface Builder { onRead(callback: () => void): void; onResolve(callback: () => void): void; }
export interface Context { builder: Builder; addPlugin(plugin: unknown): void; }
export declare function configure(options: { name: string; hooks?: unknown[] }): void;
"""


def test_a_synonym_on_a_callback_parameter_of_an_object_literal_handed_to_a_call_is_not_reported(tmp_path):
    ws = package_workspace(tmp_path, "kit", TYPES, {
        # a plugin object handed to an untyped `context.addPlugin(...)`, itself in a hook of an array option
        "src/plugin.js": "import { configure } from 'kit';\nconfigure({\n  name: 'x',\n  hooks: [{\n"
                         "    onStart: async (context) => {\n      context.addPlugin({\n        setup(build) {\n"
                         "          build.onLoad(() => {});\n        },\n        run: (api) => api.onLoad(),\n"
                         "      });\n    },\n  }],\n});\n",
        # the literal handed straight to the engine's call (whose option type says nothing of `setup`)
        "src/direct.js": "import { configure } from 'kit';\nconfigure({\n  setup(build) {\n"
                         "    build.onLoad(() => {});\n  },\n});\n",
    })
    assert flags_with_first_suggestion(ws, "src/plugin.js") == []
    assert flags_with_first_suggestion(ws, "src/direct.js") == []


def test_a_slip_of_the_engines_name_there_is_still_reported(tmp_path):
    ws = package_workspace(tmp_path, "kit", TYPES, {
        "src/slips.js": "import { configure } from 'kit';\nconfigure({\n  setup(build) {\n"
                        "    build.onResolv(() => {});\n    build.getOnResolve(() => {});\n"
                        "    build.onReads(() => {});\n  },\n});\n",
    })
    assert flags_with_first_suggestion(ws, "src/slips.js") == [
        (4, "onResolv", ["onResolve"]), (5, "getOnResolve", ["onResolve"]), (6, "onReads", ["onRead"])]


def test_the_synonym_on_a_receiver_declared_otherwise_is_still_reported(tmp_path):
    ws = package_workspace(tmp_path, "kit", TYPES, {
        # a free name, a parameter of a function the snippet declares, a callback passed bare (not in a literal)
        "src/other.js": "import { configure } from 'kit';\nconfigure({ name: 'x' });\nbuild.onLoad(() => {});\n"
                        "function setup(build) {\n  build.onLoad(() => {});\n}\n"
                        "[1].forEach((build) => build.onLoad());\n",
    })
    assert flags_with_first_suggestion(ws, "src/other.js") == [
        (3, "onLoad", ["onRead"]), (5, "onLoad", ["onRead"]), (7, "onLoad", ["onRead"])]
