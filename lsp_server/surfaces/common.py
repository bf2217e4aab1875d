"""What every `footprint-ls` verb shares: exit codes, the workspace a command-line path belongs to, and how
paths are shown (relative to the current directory, see present.display_path)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from lsp_server.config import find_config, load_settings, project_folder
from lsp_server.document import real_path
from lsp_server.errors import InvalidArgument, NotFound
from lsp_server.surfaces.errors import EXIT_FINDINGS, EXIT_HOOK, EXIT_OK, EXIT_USAGE
from lsp_server.workspace import Workspace

__all__ = ["EXIT_FINDINGS", "EXIT_HOOK", "EXIT_OK", "EXIT_USAGE", "display_path", "existing", "workspace_for"]


def __getattr__(name: str):
    """`display_path` from present.py when asked for: the post-write hook loads a workspace through this
    module and shows paths only when a rule fires (present.py's import and its Presenter class ~1 ms)."""
    if name == "display_path":
        from lsp_server.surfaces.present import display_path

        return display_path
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def existing(path: Path, what: str = "file or directory") -> Path:
    """A path the user named, which must exist (NotFound: exit 2)."""
    if not path.exists():
        raise NotFound(f"{path}: no such {what}")
    return path


def workspace_for(target: Path, config: Path | None = None, warn: bool = True) -> Workspace:
    """The workspace a CLI path belongs to: the folder of `--config`, else of the nearest footprint.toml,
    else of the nearest project marker (package.json...: config.project_folder), else the path itself (a
    folder) or its folder (a file). Config errors are an InvalidArgument; config
    warnings go to stderr, or only to the log with `warn=False` (agent hooks: their output is the agent's
    prompt, and whether to trust a folder is the user's decision, not something to suggest to an agent)."""
    target = real_path(target)
    config_path = real_path(config) if config else find_config(target)
    if config and not config_path.is_file():
        raise NotFound(f"{config}: no such config file")
    root = config_path.parent if config_path else project_folder(target)
    settings = load_settings(root, config_path)
    errors = [e for e in settings.errors if e.severity == "error"]
    if errors:
        raise InvalidArgument("configuration errors:\n" + "\n".join(f"  {e}" for e in errors))
    for warning in settings.errors:  # e.g. a trusted-only key of an untrusted folder: said once, not fatal
        if warning.severity != "error" and str(warning) not in _warned:
            _warned.add(str(warning))
            if warn:
                print(f"footprint-ls: warning: {warning}", file=sys.stderr)
            else:
                logging.getLogger(__name__).info("config: %s", warning)
    ws = Workspace(root, settings)
    ws.long_lived = False  # one run, then the process ends: services finish their background work first
    return ws


_warned: set[str] = set()  # config warnings already printed by this process
