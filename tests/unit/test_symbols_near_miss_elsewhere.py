"""A receiver typed from the members used on it (issue 17, round 12, phaser after its held-out run): `rt.draw();
rt.render(); rt.saveTexture()` on an untyped `rt`. A closed `Canvas` has `draw` and `render` but not
`saveTexture` (but `setTexture`, a near miss); a `Layer` has all three but is open (its base comes from a package not installed), so it is not a
type the check types receivers by. Taking `rt` as a `Canvas` and reporting `saveTexture` was a false positive: a
type that has every name used explains the code better than one lacking a name."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

TYPES = """
import { Emitter } from "not-installed";
export declare class Canvas {
    draw(x: number): this;
    render(): void;
    clear(): this;
    setTexture(key: string): this;
}
export declare class Layer extends Emitter {
    draw(x: number): this;
    render(): void;
    saveTexture(key: string): Canvas;
}
export declare function open(): Canvas;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_a_near_miss_is_not_claimed_when_another_type_has_every_name(tmp_path):
    app = """import { open } from "pkg";
export function paint(rt) {
  rt.draw(1);
  rt.render();
  rt.saveTexture("a");
}
"""
    assert flagged(tmp_path, app) == []


def test_a_near_miss_no_type_explains_is_still_reported(tmp_path):
    app = """import { open } from "pkg";
export function paint(rt) {
  rt.draw(1);
  rt.render();
  rt.claer();
}
"""
    assert flagged(tmp_path, app) == [(5, "claer")]
