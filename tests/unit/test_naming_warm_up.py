"""The naming conventions in the server's warm-up (`Workspace.warm_service`, `workspace.WARM_UPS`,
`naming.mined_before_ready`): mined, and their cache written, when the object model is built for the
warm-up, so no check after ready mines them; the CLI's on-demand build (`Workspace.service`) does not mine.
The real server's side (mined before the end of its indexing progress) is
tests/e2e/test_naming_warm_up_server.py."""

from __future__ import annotations

import logging

from lsp_server import workspace as workspace_module
from lsp_server.config import load_settings
from lsp_server.knowledge import naming
from lsp_server.knowledge.object_model import NAMING_CACHE, ObjectModelService
from lsp_server.workspace import Workspace
from tests.unit.test_naming_observations import _checkout, counted  # noqa: F401 - `counted` is a fixture


def _workspace(root, home, monkeypatch) -> Workspace:
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("FOOTPRINT_INDEX", raising=False)
    return Workspace(root, load_settings(root, root / "footprint.toml"))


def test_the_cli_build_does_not_mine_the_warm_up_does_and_writes_the_cache(tmp_path, monkeypatch, counted):  # noqa: F811
    root = _checkout(tmp_path)
    # The CLI's build on demand: the model only; a check that needs the conventions mines them itself.
    cli = _workspace(root, tmp_path / "home-cli", monkeypatch).service(ObjectModelService)
    assert cli.model.conventions is None and counted == []

    ws = _workspace(root, tmp_path / "home", monkeypatch)
    messages: list[str] = []
    svc = ws.warm_service(ObjectModelService, lambda message, percent=None: messages.append(message))
    assert svc is ws.peek_service(ObjectModelService)
    assert len(counted) == 1 and svc.model.conventions  # mined once, in the warm-up
    assert "object model: naming conventions" in messages  # the progress says what it is doing
    assert (ws.cache_dir / NAMING_CACHE).is_file()  # written now, not at shutdown
    # What a check then asks for is there: nothing mined again.
    assert naming.ensure_conventions(svc.model) is svc.model.conventions and len(counted) == 1
    # Exactly what mining on first use gives (the CLI's model, mined now).
    assert naming.ensure_conventions(cli.model) == svc.model.conventions


def test_a_new_process_reads_the_warm_ups_cache_back_without_mining(tmp_path, monkeypatch, counted):  # noqa: F811
    root = _checkout(tmp_path)
    first = _workspace(root, tmp_path / "home", monkeypatch).warm_service(ObjectModelService)
    again = _workspace(root, tmp_path / "home", monkeypatch).warm_service(ObjectModelService)
    assert len(counted) == 1 and again.model.conventions == first.model.conventions


def test_a_failing_warm_up_is_logged_and_the_index_is_still_served(tmp_path, monkeypatch, caplog, counted):  # noqa: F811
    def broken(svc, progress):
        raise RuntimeError("broken warm-up")
    monkeypatch.setitem(workspace_module.WARM_UPS, ObjectModelService, [broken, naming.mined_before_ready])
    ws = _workspace(_checkout(tmp_path), tmp_path / "home", monkeypatch)
    with caplog.at_level(logging.ERROR, logger="lsp_server.workspace"):
        svc = ws.warm_service(ObjectModelService)
    assert svc is ws.peek_service(ObjectModelService)
    assert any("broken" in r.getMessage() and r.exc_info for r in caplog.records)
    assert len(counted) == 1 and svc.model.conventions  # the next warm-up still ran


def test_requests_see_no_object_model_until_its_warm_up_is_done(tmp_path, monkeypatch, counted):  # noqa: F811
    """A request's way to an index (`peek_service`) sees the object model only with its conventions mined:
    never the model whose conventions read as empty while they are mined (an analysis made then is cached)."""
    ws = _workspace(_checkout(tmp_path), tmp_path / "home", monkeypatch)
    seen: list[object] = []

    def look(svc, progress):
        seen.append(ws.peek_service(ObjectModelService))
    monkeypatch.setitem(workspace_module.WARM_UPS, ObjectModelService, [look, naming.mined_before_ready, look])
    svc = ws.warm_service(ObjectModelService)
    assert seen == [None, None] and ws.peek_service(ObjectModelService) is svc and svc.model.conventions
