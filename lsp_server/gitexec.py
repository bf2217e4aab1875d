"""Every git command Footprint runs goes through `run_git` here: safe by construction, whatever repository it runs in.

Git runs on repositories an attacker may have prepared: the workspace (opened from an archive, with its own
`.git/config`, the files that config includes, and `.gitattributes`) and a rule repository named by a URL in a
config file. None of them may make git run a program, reach the network or ask for a password. So:

- values from a config, a caller or a repository (URLs, refs, revisions, paths) come after `--end-of-options`,
  so none is read as an option such as `--upload-pack=<program>` (callers also refuse values starting with `-`);
- transports: only those in `protocols` (https, ssh, file at most; `WORKSPACE` = none at all). `ext::` (runs
  a command), `fd::`, git:// and plain http are refused by git itself (`protocol.allow=never` and
  `GIT_ALLOW_PROTOCOL`), whatever any config says. In the workspace no transport is allowed, so a partial
  clone's lazy fetch never starts `remote.<name>.uploadpack` (a local program over file://) or reaches a host;
- every setting that names a program is overridden on the command line (`GIT_SAFE_CONFIG`), and command-line
  config beats every config file, including files pulled in by `include.path` / `includeIf` (tested): hooks
  (`core.hooksPath=/dev/null`, also over `.git/hooks`), `core.fsmonitor`, credential helpers and askpass,
  `core.sshCommand`, `core.alternateRefsCommand`, `uploadpack.packObjectsHook`, `diff.external`, the pager,
  the editors, gpg programs, submodule recursion, cookie saving and automatic gc/maintenance;
  `core.gitProxy` is the exception (multi-valued, first match wins, so `-c` cannot override it):
  `GIT_PROXY_COMMAND=""` is read before any config and means "no proxy";
- filter drivers (`filter.<name>.clean/smudge/process`, assigned by the repo's own .gitattributes, which no
  option overrides on git < 2.40) are switched off by name: the repo's `git config --get-regexp ^filter\\.`
  listing (reading config runs nothing; it follows includes) becomes empty values passed via GIT_CONFIG_KEY_n
  (a driver name may contain `=`, which `-c` cannot express);
- diff drivers (`diff.<name>.textconv/command`) are off through `--no-textconv --no-ext-diff` on every diff
  (callers pass them; `run_git` refuses a `diff` without them);
- the environment names no other repository or config (`GIT_DIR`, `GIT_CONFIG_PARAMETERS`, ... dropped),
  never prompts (`GIT_TERMINAL_PROMPT=0`, empty askpass, batch-mode ssh), and a command that needs no
  repository runs from `/`, so it never reads the config of the repository around the caller's folder.
The user's own (global) and the machine's (system) config are still read: they carry proxies, CA files and
identities, and every program-running key they could set is overridden too. See docs/security.md (git).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from lsp_server.security import redact_url

GIT_PROTOCOLS = ("https", "ssh", "file")  # the most a config may allow; see [rules] remote_protocols
WORKSPACE: tuple[str, ...] = ()  # the protocols for git run in a workspace's repository: none
GIT_SAFE_CONFIG = (
    "core.hooksPath=/dev/null",
    "core.fsmonitor=false",
    "core.alternateRefsCommand=",
    "core.askPass=",
    "core.pager=cat",
    "core.editor=:",  # ":" is git's "no editor"; no command here edits, this is belt and braces
    "sequence.editor=:",
    "credential.helper=",  # an empty value resets the list, URL-specific helpers included
    "diff.external=",
    "uploadpack.packObjectsHook=",
    "core.sshCommand=ssh -oBatchMode=yes",
    "gpg.program=", "gpg.ssh.program=", "gpg.x509.program=", "gpg.ssh.defaultKeyCommand=",
    "log.showSignature=false",
    "submodule.recurse=false",
    "fetch.recurseSubmodules=false",
    "http.saveCookies=false",  # a poisoned cache repo's http.cookieFile would name a file to overwrite
    "gc.auto=0", "maintenance.auto=false",  # no background maintenance after a fetch
    "protocol.allow=never",
)
END_OF_OPTIONS = "--end-of-options"
# Commands that need no repository: run from "/" so the caller's folder's repository (and its config) is
# never found.
_NO_REPOSITORY = ("init", "check-ref-format", "ls-remote")


class GitError(RuntimeError):
    """git failed (or is missing, or timed out); the message is git's own last line, credentials redacted."""


def safe_git(*args: str, values: Iterable[str] = (), protocols: Iterable[str] = GIT_PROTOCOLS) -> list[str]:
    """argv for `git ARGS --end-of-options VALUES` with the safety config above; run it with no shell and
    `env=safe_git_env(...)` (same `protocols`). `args` are Footprint's own options; every value that comes
    from a config, a caller or a repository goes in `values`, after `--end-of-options`."""
    allowed = _protocols(protocols)
    argv = ["git", "--no-pager", "--no-optional-locks"]
    for item in (*GIT_SAFE_CONFIG, *(f"protocol.{p}.allow=always" for p in allowed)):
        argv += ["-c", item]
    values = list(values)
    return [*argv, *args, *([END_OF_OPTIONS, *values] if values else [])]


# Variables that point git at another repository (set when we run inside a git hook, for instance) or
# inject config or programs around the -c overrides above.
_GIT_ENV_DROPPED = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
                    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_CEILING_DIRECTORIES",
                    "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_EXTERNAL_DIFF", "GIT_PAGER",
                    "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PROXY_COMMAND", "GIT_ATTR_SOURCE",
                    "GIT_REPLACE_REF_BASE")


def safe_git_env(base: dict[str, str] | None = None, protocols: Iterable[str] = GIT_PROTOCOLS,
                 overrides: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
    """The environment for `safe_git`: never prompt, never another repository, only `protocols`, plus the
    config `overrides` (key, value) such as `git_filter_overrides`. The user's proxies, certificates and
    ssh command still apply."""
    env = {k: v for k, v in (os.environ if base is None else base).items()
           if k not in _GIT_ENV_DROPPED and not k.startswith(("GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_"))}
    env.update({
        "GIT_TERMINAL_PROMPT": "0",  # never prompt for a username or password
        "GIT_ASKPASS": "", "SSH_ASKPASS": "",  # set and empty: no askpass program, not even core.askPass
        "GCM_INTERACTIVE": "never",
        "GIT_PAGER": "cat",
        "GIT_EDITOR": ":",
        "GIT_PROXY_COMMAND": "",  # set and empty: read before core.gitProxy, which it switches off
        "GIT_OPTIONAL_LOCKS": "0",  # a diff never rewrites the user's index (nor runs post-index-change)
        # beats any protocol.* config, as the -c do; "" (the workspace) allows none
        "GIT_ALLOW_PROTOCOL": ":".join(_protocols(protocols)),
    })
    if "GIT_SSH_COMMAND" not in env and "GIT_SSH" not in env:
        env["GIT_SSH_COMMAND"] = "ssh -oBatchMode=yes"  # ssh prompts on the tty, not stdin: forbid them
    pairs = list(overrides)
    for i, (key, value) in enumerate(pairs):
        env[f"GIT_CONFIG_KEY_{i}"], env[f"GIT_CONFIG_VALUE_{i}"] = key, value
    if pairs:
        env["GIT_CONFIG_COUNT"] = str(len(pairs))
    return env


def git_filter_overrides(config_listing: str) -> list[tuple[str, str]]:
    """Config overrides that switch off every filter driver named in `config_listing` (the output of
    `git config -z --get-regexp ^filter\\.`: "key\\nvalue" records separated by NUL)."""
    names: dict[str, None] = {}
    for record in config_listing.split("\0"):
        key = record.split("\n", 1)[0]
        if key.startswith("filter.") and key.count(".") >= 2:
            names[key[len("filter."):key.rindex(".")]] = None
    return [(f"filter.{name}.{item}", value) for name in names
            for item, value in (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false"))]


def _protocols(protocols: Iterable[str]) -> list[str]:
    wanted = list(protocols)
    unknown = [p for p in wanted if p not in GIT_PROTOCOLS]
    if unknown:
        raise ValueError(f"git protocols {unknown} are not allowed (only {', '.join(GIT_PROTOCOLS)})")
    return wanted


def run_git(args: list[str], cwd: Path | None = None, timeout: float = 120, binary: bool = False, *,
            values: Iterable[str] = (), git_dir: Path | None = None,
            protocols: Iterable[str] = GIT_PROTOCOLS) -> str | bytes:
    """Run `git [--git-dir=GIT_DIR] ARGS --end-of-options VALUES` (see the module docstring) in `cwd`, with
    the filter drivers of the repository it runs in switched off; return its stdout (text unless `binary`).
    Raises GitError with git's own message (credentials redacted) on failure."""
    verb = next((a for a in args if not a.startswith("-") and "=" not in a), "")
    if verb == "diff" and not {"--no-ext-diff", "--no-textconv"} <= set(args):
        raise ValueError("git diff must run with --no-ext-diff --no-textconv")
    protocols = tuple(protocols)
    pre = [f"--git-dir={git_dir}"] if git_dir is not None else []
    if cwd is None and (git_dir is not None or verb in _NO_REPOSITORY):
        cwd = Path(os.sep)  # not the caller's folder: its repository's config is none of this command's business
    overrides: list[tuple[str, str]] = []
    if verb not in _NO_REPOSITORY + ("config",):
        # Reading config runs nothing; it names the filter drivers the repo's .gitattributes may assign.
        listing = _run([*pre, "config", "-z", "--get-regexp", r"^filter\."], (), cwd, timeout, protocols, (),
                       ok_codes=(0, 1))
        overrides = git_filter_overrides(listing.decode("utf-8", errors="replace"))
    out = _run([*pre, *args], values, cwd, timeout, protocols, overrides)
    return out if binary else out.decode("utf-8", errors="replace")


def _run(args: list[str], values, cwd: Path | None, timeout: float, protocols, overrides,
         ok_codes: tuple[int, ...] = (0,)) -> bytes:
    import subprocess  # here: the rules service imports this module for its constants, and most runs start no git

    cmd = safe_git(*args, values=values, protocols=protocols)
    verb = next((a for a in args if not a.startswith("-") and "=" not in a), "")  # for messages
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=safe_git_env(protocols=protocols, overrides=overrides),
                              capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except FileNotFoundError as exc:
        raise GitError("git is not installed") from exc
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"git {verb} timed out after {timeout:.0f} s") from exc
    if proc.returncode not in ok_codes:
        message = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        raise GitError(redact_url(message[-1]) if message else f"git {verb} failed with code {proc.returncode}")
    return proc.stdout
