"""`[typescript] unknown_symbols` in the agent hooks: no TypeScript service runs beside a hook, so by default the
stop hook's cross-file findings (what `footprint-ls check` reports, on the changed lines) include an invented
member on a receiver typed by typings TypeScript finds; an explicit "beyond-tsc" in footprint.toml leaves it to
TypeScript. Each agent's own stop payload in (tests/fixtures/agents), that agent's channel out; the workspace is
tests/support/typescript_default_support.py's (the invented members are the uncommitted change)."""

from __future__ import annotations

import subprocess

import pytest

from tests.e2e.hooks.conftest import hook, json_out, no_traceback, payload
from tests.support.typescript_default_support import ANY, ANY_LINE, FILE, TYPED, make_ts_workspace, reported

STOPS = {"claude": "stop", "codex": "stop", "gemini": "after-agent", "cursor": "stop"}


def model_reads(agent: str, res: subprocess.CompletedProcess) -> str:
    """What the agent feeds its model from a stop hook that asks it to go on."""
    if agent == "claude":  # exit 2: stderr reaches the model
        no_traceback(res)
        assert res.returncode == 2, res.stderr
        return res.stderr
    out = json_out(res)
    if agent == "cursor":
        return out["followup_message"]
    assert out["decision"] == ("deny" if agent == "gemini" else "block"), out
    return out["reason"]


@pytest.mark.parametrize("mode", [None, "beyond-tsc"], ids=["default", "beyond-tsc"])
@pytest.mark.parametrize("agent", sorted(STOPS))
def test_stop_reports_typed_receivers_unless_the_config_says_beyond_tsc(tmp_path, agent, mode):
    root = make_ts_workspace(tmp_path / "ws", mode)
    text = model_reads(agent, hook("stop", payload(agent, STOPS[agent], root), root))
    assert f"{FILE}:{ANY_LINE}:" in text and f"`{ANY}`" in text  # the check ran on the change
    names = {name for name in (TYPED, ANY) if f"no member `{name}`" in text}
    assert names == reported(mode, default="all"), text
