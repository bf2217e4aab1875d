"""`serve` logs our INFO lines, but not pygls's per-message payload trace (a cost on every keystroke)."""

from __future__ import annotations

import logging

import pytest

from lsp_server.surfaces.cli import configure_logging


@pytest.fixture
def restore_logging():
    root, pygls = logging.getLogger(), logging.getLogger("pygls")
    saved = (root.handlers[:], root.level, pygls.level)
    yield
    root.handlers[:], root.level = saved[0], saved[1]
    pygls.setLevel(saved[2])


@pytest.mark.parametrize(("level", "ours", "pygls"), [
    ("INFO", logging.INFO, logging.WARNING), ("DEBUG", logging.DEBUG, logging.DEBUG),
    ("ERROR", logging.ERROR, logging.ERROR)])
def test_levels(restore_logging, level, ours, pygls):
    configure_logging(level, None)
    assert logging.getLogger("lsp_server.surfaces.lsp.server").getEffectiveLevel() == ours
    assert logging.getLogger("pygls.protocol.json_rpc").getEffectiveLevel() == pygls
