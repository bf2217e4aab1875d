"""Round 13, after the held-out run (pixi tuned on): members declared in a global namespace's interfaces
(`declare global { namespace Mixins { interface Sprite {...} } }`, in a file the entry reaches by `/// <reference
path>`) are the members of the exported class an interface of its name merges them into (`export interface
Sprite extends Mixins.Sprite {}` + `export declare class Sprite`), as TypeScript reads them: an invented name on
such a class is reported, the mixin's own members are not; a global interface of a platform name (`interface
Window`) is never taken for the package's own type."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

MIXINS = {
    "node_modules/scenekit/package.json": json.dumps({
        "name": "scenekit", "types": "lib/index.d.ts", "main": "lib/index.js",
        "exports": {".": {"types": "./lib/index.d.ts", "default": "./lib/index.js"},
                    "./extra": {"types": "./lib/extra.d.ts", "default": "./lib/extra.js"}}}),
    # a subpath's typings reach the class but not the mixin files: `Mixins.Sprite` is the same global type
    "node_modules/scenekit/lib/extra.d.ts": "export * from './Sprite';\nexport * from './Point';\n",
    "node_modules/scenekit/lib/extra.js": "exports.Sprite = require('./index').Sprite;\n",
    "node_modules/scenekit/lib/index.d.ts": """/// <reference path="./SceneMixins.d.ts" />
/// <reference path="./events/EventsMixins.d.ts" />
export * from './Sprite';
export * from './Tinted';
export * from './Point';
""",
    "node_modules/scenekit/lib/SceneMixins.d.ts": """import type { Tinted } from './Tinted';
declare global
{
    namespace Mixins
    {
        interface Sprite extends Partial<import('./Tinted').Tinted> {}
        interface Point extends Vector2Math {}
        interface Sprite
        {
            blendMode: string;
            setBlend(mode: string): void;
        }
    }
    interface Window
    {
        sceneDebug: boolean;
    }
    interface Vector2Math
    {
        add(other: Vector2Math): Vector2Math;
    }
}
export {};
""",
    "node_modules/scenekit/lib/events/EventsMixins.d.ts": """declare global
{
    namespace Mixins
    {
        interface Sprite
        {
            eventMode: string;
        }
    }
}
export {};
""",
    "node_modules/scenekit/lib/Tinted.d.ts": """export interface Tinted {
    tint: number;
}
""",
    "node_modules/scenekit/lib/Sprite.d.ts": """export interface Sprite extends Mixins.Sprite {}
export declare class Sprite {
    constructor(texture: string);
    anchor: number;
    destroy(): void;
}
""",
    "node_modules/scenekit/lib/Point.d.ts": """export interface Point extends Mixins.Point {}
export declare class Point {
    x: number;
}
""",
    "node_modules/scenekit/lib/index.js": "exports.Sprite = class Sprite {};\n",
}


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_a_global_namespace_mixin_merged_into_a_class_closes_it(tmp_path):
    ws = make_workspace(tmp_path, {**MIXINS, "src/app.js": """import { Sprite, Point } from 'scenekit';
const s = new Sprite('a.png');
s.anchor = 1;
s.blendMode = 'add';
s.setBlend('add');
s.tint = 3;
s.eventMode = 'static';
s.destroy();
s.blenMode = 'add';
s.Tint = 3;
s.eventmode = 'static';
const p = new Point();
p.add(p);
p.ad(p);
"""})
    assert found(ws) == [(9, "blenMode", ["blendMode"]), (10, "Tint", ["tint"]), (11, "eventmode", ["eventMode"]),
                         (14, "ad", ["add"])]


def test_a_global_platform_interface_is_not_the_package_type(tmp_path):
    ws = make_workspace(tmp_path, {**MIXINS, "src/app.js": """import { Sprite } from 'scenekit';
window.sceneDebug = true;
window.innerWidth;
window.addEventListener('resize', () => {});
"""})
    assert found(ws) == []
