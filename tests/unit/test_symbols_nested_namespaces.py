"""A class whose base is a class of the same short name in another namespace (issue 17, round 13's phaser:
`class Phaser.Physics.Arcade.Sprite extends Phaser.GameObjects.Sprite`). The reference `Eng.Objects.Sprite` names
the class `Sprite` of namespace `Eng.Objects` (the last qualifier), however deep the chain and whatever other
qualifier in it is also declared in several namespaces; the subclass is closed and its invented names flagged."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

TYPES = """declare namespace Eng {
    namespace Objects {
        class Thing {
            destroy(): void;
        }
        class Sprite extends Thing {
            setTint(color: number): this;
        }
    }
    namespace Physics {
        namespace Arcade {
            class Sprite extends Eng.Objects.Sprite {
                setVelocity(x: number): this;
            }
        }
    }
    namespace Types {
        namespace Objects {
            interface SpriteConfig { key: string; }
        }
    }
}
declare module "eng" {
    export = Eng;
}
"""


def _findings(tmp_path, app):
    return package_flags(tmp_path, TYPES, app, package="eng")


def test_a_subclass_of_a_same_named_class_in_another_namespace_is_closed(tmp_path):
    app = """import Eng from "eng";
const s = new Eng.Physics.Arcade.Sprite();
s.setVelocity(1).setTint(2).destroy();
s.zzProbe;
const o = new Eng.Objects.Sprite();
o.setTint(1);
o.zzProbe;
"""
    assert _findings(tmp_path, app) == [(4, "zzProbe"), (7, "zzProbe")]
