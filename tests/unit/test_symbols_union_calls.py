"""A method called on a union whose members' methods return different types (issue 17, round 13's phaser:
`this.sound` is `NoAudioSoundManager | HTML5AudioSoundManager | WebAudioSoundManager`, each `add` returning its
own sound class). TypeScript calls the method of each member: the result is the union of their results, whose
members are checked as any union's (a name every member lacks is missing)."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

TYPES = """declare namespace Eng {
    class BaseSound {
        play(): boolean;
        stop(): boolean;
    }
    class WebSound extends BaseSound {
        setRate(rate: number): this;
    }
    class HtmlSound extends BaseSound {
        setRate(rate: number): this;
    }
    class WebManager {
        add(key: string): WebSound;
        get(key: string): BaseSound;
    }
    class HtmlManager {
        add(key: string): HtmlSound;
        get(key: string): BaseSound;
    }
    class Scene {
        sound: WebManager | HtmlManager;
    }
}
declare module "eng" {
    export = Eng;
}
"""


def _findings(tmp_path, app):
    return package_flags(tmp_path, TYPES, app, package="eng")


def test_a_method_called_on_a_union_returns_the_union_of_its_results(tmp_path):
    app = """import Eng from "eng";
const scene = new Eng.Scene();
const sfx = scene.sound.add("boom");
sfx.setRate(2).play();
sfx.stop();
sfx.zzProbe();
scene.sound.get("boom").zzProbe();
"""
    assert _findings(tmp_path, app) == [(6, "zzProbe"), (7, "zzProbe")]
