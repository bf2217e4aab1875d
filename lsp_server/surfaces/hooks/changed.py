"""Which lines of a written file the agent changed: from the edit's replacement texts, a patch's hunks,
or the diff against HEAD. The post-write hook judges only these lines, never code the agent did not touch.

Lines are 0-based, counted by "\\n" in the file's text (as ParsedDocument counts them). `ALL` means the whole
file (a new or untracked file); an empty set means the change could not be located.
"""

from __future__ import annotations

from pathlib import Path

from lsp_server.surfaces.hooks.event import EditedFile

ALL = None  # the whole file


def edited_lines(text: str, edited: EditedFile, path: Path) -> tuple[set[int] | None, str]:
    """(changed lines or ALL, how they were found: "edit", "patch", "diff", "new file", "" = not found)."""
    if edited.named:
        return ALL, "named"
    if edited.new_strings is not None:
        lines = _replacement_lines(text, edited.new_strings, edited.replace_all)
        if lines is not None:
            return lines, "edit"
    if edited.hunks:
        lines = _hunk_lines(text, edited.hunks)
        if lines is not None:
            return lines, "patch"
    diff = _diff_lines(path)
    if diff is not False:
        return diff, "diff" if diff is not ALL else "new file"
    if edited.whole or (edited.new_strings is None and edited.hunks is None):
        return ALL, "new file"  # no git to ask: what the agent wrote is all there is
    return set(), ""


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index)


def _replacement_lines(text: str, new_strings: list[str], replace_all: bool) -> set[int] | None:
    """The lines each replacement text occupies now (every occurrence: an identical text elsewhere is
    what the agent wrote too); None when one cannot be found (the file changed since, or a deletion)."""
    lines: set[int] = set()
    for new in new_strings:
        if not new.strip():
            return None  # a deletion leaves nothing to find: let the diff say where it was
        start = text.find(new)
        if start < 0:
            return None
        while start >= 0:
            first = _line_of(text, start)
            lines.update(range(first, first + new.rstrip("\n").count("\n") + 1))
            start = text.find(new, start + len(new))
    return lines


def _hunk_lines(text: str, hunks: list[tuple[list[str], list[int]]]) -> set[int] | None:
    """The added lines of each apply_patch hunk, located by the hunk's whole new side (context included)."""
    file_lines = text.split("\n")
    lines: set[int] = set()
    for block, added in hunks:
        at = _find_block(file_lines, block)
        if at is None:
            return None
        lines.update(at + i for i in added)
    return lines


def _find_block(file_lines: list[str], block: list[str]) -> int | None:
    while block and block[-1] == "":  # a trailing blank line of the hunk text
        block = block[:-1]
    if not block:
        return None
    stripped = [line.rstrip() for line in block]  # apply_patch matches modulo trailing whitespace too
    for i in range(len(file_lines) - len(block) + 1):
        if file_lines[i].rstrip() == stripped[0] and [x.rstrip() for x in file_lines[i:i + len(block)]] == stripped:
            return i
    return None


def _diff_lines(path: Path) -> set[int] | None | bool:
    """The lines changed since HEAD (ALL for an untracked file); False outside a git repository."""
    from lsp_server.conventions.review import changed_lines  # git runs only when the edit gave no lines
    from lsp_server.errors import InvalidArgument

    try:
        _, changed = changed_lines(path.parent, None)
    except InvalidArgument:
        return False
    for candidate, lines in changed.items():
        if candidate.resolve() == path:
            return lines
    return set()  # tracked and unchanged since HEAD
