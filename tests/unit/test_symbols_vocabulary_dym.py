"""The vocabulary check's did-you-mean (issue 17, round 13). A name that is a getter's prefix on a real member
(`getCameras` of the member `cameras`) means that member, not another member it is a plural or a typo of
(`getCamera`); a name that is a near miss of the file's own name (`scene.getPlayer` beside `scene.player =
...`) means the file's name, not the engine's (`getLayer`): the author had their own object in mind."""

from __future__ import annotations

from tests.support.symbols_helpers import flags_with_first_suggestion, package_workspace

TYPES = """export declare class Scene {
    readonly cameras: object;
    getCamera(name: string): object;
    getLayer(name: string): object;
}
export declare function create(): Scene;
"""

HEAD = 'import { create } from "web";\ncreate().getLayer("a");\n'


def workspace(tmp_path, files: dict[str, str]):
    return package_workspace(tmp_path, "web", TYPES, files)


found = flags_with_first_suggestion


def test_a_getter_prefix_on_a_member_means_that_member(tmp_path):
    ws = workspace(tmp_path, {"src/cams.js": HEAD + "function f(x) {\n  return x.getCameras.main;\n}\n"})
    assert found(ws, "src/cams.js") == [(4, "getCameras", ["cameras"])]


def test_a_called_getter_prefix_on_a_property_means_the_method(tmp_path):
    # fails on main (`cameras`): a property that holds no function is not called; the call says the method
    # `getCamera` was meant (made plural), round 28's `info.getValues()` of `getValue` beside a `values` key
    ws = workspace(tmp_path, {"src/cams.js": HEAD + "function f(x) {\n  return x.getCameras('main');\n}\n"})
    assert found(ws, "src/cams.js") == [(4, "getCameras", ["getCamera"])]


def test_a_near_miss_of_the_files_own_name_means_that_name(tmp_path):
    ws = workspace(tmp_path, {
        "src/own.js": HEAD + "function f(game) {\n  game.player = makePlayer();\n  return game.getPlayer.x;\n}\n",
    })
    assert found(ws, "src/own.js") == [(5, "getPlayer", ["player"])]


CASED = """export declare class Record {
    getLinkedRecords(name: string): Record[];
    setLinkedRecords(records: Record[], name: string): Record;
    getLinkedRecord(name: string): Record;
}
export declare class Layers {
    layer(name: string): object;
    Layer(name: string): object;
}
export declare function root(): Record;
"""


def test_a_name_in_another_case_of_one_member_means_that_member(tmp_path):
    """`getlinkedrecords` on an untyped receiver: the member `getLinkedRecords` in another case, though
    `setLinkedRecords` and `getLinkedRecord` rank close behind it (each one letter away); several members
    of that spelling in other cases (`layer`, `Layer`) leave it unclear, and silent."""
    head = 'import { root } from "web";\nroot().getLinkedRecord("a");\n'
    ws = package_workspace(tmp_path, "web", CASED, {
        "src/cased.js": head + "function f(rec) {\n  return rec.getlinkedrecords('edges');\n}\n",
        "src/two.js": head + "function f(x) {\n  return x.LAYER('a');\n}\n",
        "src/real.js": head + "function f(rec) {\n  return rec.getLinkedRecords('edges');\n}\n",
    })
    assert found(ws, "src/cased.js") == [(4, "getlinkedrecords", ["getLinkedRecords"])]
    assert found(ws, "src/two.js") == []
    assert found(ws, "src/real.js") == []


EXPORTS = """export declare namespace parts {
    class Code { static fromAsset(path: string): Code; }
    class Canary { readonly code: Code; }
    class Gateway { constructor(name: string); }
}
export declare class Target { readonly gateway: parts.Gateway; }
export declare function make(): parts.Canary;
"""


def test_a_getter_prefix_on_a_class_the_code_constructs_or_reads_among_classes(tmp_path):
    """`new x.getGateway()`: a class is constructed, so the class `Gateway` (a namespace's member: the engine's
    namespace objects hold its classes) behind a getter's prefix (as written),
    not the member `gateway`; `ns.getCode` on a receiver the file reads only capitalised names of
    (`ns.Canary`): a namespace of classes, so the class `Code`. On an object's receiver the member stays meant.
    (Round 24, aws-cdk-lib's `synthetics.Code` in READMEs that never import `synthetics`.)"""
    head = 'import { make } from "web";\nmake().code;\n'
    ws = package_workspace(tmp_path, "web", EXPORTS, {
        "src/new.js": head + "const g = new agentcore.getGateway('x');\n",
        "src/ns.js": head + "const c = new ns.Canary();\nconst a = ns.getCode.fromAsset('x');\n",
        "src/obj.js": head + "function f(canary) {\n  return canary.getCode;\n}\n",
    })
    assert found(ws, "src/new.js") == [(3, "getGateway", ["Gateway"])]
    assert found(ws, "src/ns.js") == [(4, "getCode", ["Code"])]
    assert found(ws, "src/obj.js") == [(4, "getCode", ["code"])]
