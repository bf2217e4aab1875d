"""The [limits] budget keys: defaults, footprint.toml values, bad values reported with their line."""

from __future__ import annotations

from lsp_server.checks.budget import DEFAULT_DEBOUNCE_MS, DEFAULT_SLOW_CHECK_MS, budget
from lsp_server.config import load_settings


def test_defaults(tmp_path):
    b = budget(load_settings(tmp_path))
    assert (b.slow_check_ms, b.debounce_ms) == (DEFAULT_SLOW_CHECK_MS, DEFAULT_DEBOUNCE_MS)


def test_values_from_file_and_client(tmp_path):
    (tmp_path / "footprint.toml").write_text("[limits]\nslow_check_ms = 250\ndebounce_ms = 10.5\n")
    b = budget(load_settings(tmp_path))
    assert (b.slow_check_ms, b.debounce_ms) == (250, 10.5)
    b = budget(load_settings(tmp_path, client={"limits": {"slow_check_ms": 0}}))
    assert (b.slow_check_ms, b.debounce_ms) == (0, 10.5)


def test_wrong_type_is_a_located_error_and_falls_back(tmp_path):
    (tmp_path / "footprint.toml").write_text('[limits]\n\nslow_check_ms = "fast"\n')
    settings = load_settings(tmp_path)
    assert budget(settings).slow_check_ms == DEFAULT_SLOW_CHECK_MS
    [err] = settings.errors
    assert err.line == 2 and "slow_check_ms" in err.message


def test_negative_counts_as_zero(tmp_path):
    b = budget(load_settings(tmp_path, client={"limits": {"slow_check_ms": -5, "debounce_ms": -1}}))
    assert (b.slow_check_ms, b.debounce_ms) == (0, 0)
