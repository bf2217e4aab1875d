"""`storage.collection_paused`: automatic garbage collection is off while an index is built or a cache decoded,
back on when the last such block ends (blocks overlap across threads: a warm-up's build and a CLI-style lazy
build), never switched on when it was off before; `Workspace.service` builds inside such a block."""

from __future__ import annotations

import gc
import threading

from lsp_server.storage import collection_paused
from lsp_server.workspace import Workspace


def test_collection_resumes_when_the_last_block_ends():
    assert gc.isenabled()
    first_in, release = threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with collection_paused():
            first_in.set()
            release.wait(10)
            seen.append(gc.isenabled())

    thread = threading.Thread(target=first)
    thread.start()
    assert first_in.wait(10)
    with collection_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()  # the other thread's block is still running
    release.set()
    thread.join(10)
    assert seen == [False] and gc.isenabled()


def test_collection_left_off_stays_off():
    gc.disable()
    try:
        with collection_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_service_is_built_with_collection_paused(tmp_path):
    seen: list[bool] = []

    class Probe:
        name = "probe"

        @classmethod
        def build(cls, workspace, progress):
            seen.append(gc.isenabled())
            return cls()

    Workspace(tmp_path).service(Probe)
    assert seen == [False] and gc.isenabled()



def test_a_one_shot_process_freezes_what_a_paused_block_built():
    """`footprint-ls check` (freeze_after_builds): the objects a paused block built (an object model, the
    engine's vocabulary) live until the process exits; frozen, later collections no longer walk them (~7 s of
    a one-file check's CPU on a 161 MB engine). Without the switch (the server), nothing is frozen."""
    from lsp_server import storage

    before = gc.get_freeze_count()
    with collection_paused():
        built = [[i] for i in range(50_000)]
    assert gc.get_freeze_count() == before  # the server's way: its settle freezes, later
    storage.freeze_after_builds()
    try:
        with collection_paused():
            built += [[i] for i in range(50_000)]
        assert gc.get_freeze_count() >= before + 100_000 and gc.isenabled()
    finally:
        storage.freeze_after_builds(False)
        gc.unfreeze()


def test_the_check_verb_freezes_after_builds(tmp_path, capsys):
    from lsp_server import storage
    from lsp_server.surfaces.cli import main

    (tmp_path / "app.js").write_text("const a = 1;\n")
    try:
        assert not storage._freeze_after
        main(["check", str(tmp_path / "app.js")])
        assert storage._freeze_after
    finally:
        storage.freeze_after_builds(False)
        gc.unfreeze()
