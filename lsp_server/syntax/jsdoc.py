"""JSDoc: the one reader of `/** ... */` blocks, for JavaScript sources and TypeScript declaration files.

Two questions, answered once: which comment documents a node (`comment_before`), and what a comment says
(`parse`: the summary, `@param {T} name`, `@returns {T}`, `@type {T}`, `@typedef {T} Name`). The engine's
JavaScript model source, the declaration-file reader and type tracking all ask here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tree_sitter import Node

# Containers of statements or members: a comment is never looked for above them, since what stands
# before a whole body documents the body's owner, not a member inside it.
STOP_PARENTS = frozenset({"program", "statement_block", "class_body", "object", "object_type", "interface_body",
                          "enum_body"})
SUMMARY_LIMIT = 300  # characters of description kept

# `@param {T} name`, `@param {T} [name]`, `@param {T} [name=default]`
_PARAM_RE = re.compile(r"@param\s+\{([^}]*)\}\s+\[?([\w$]+)")
_RETURNS_RE = re.compile(r"@returns?\s+\{([^}]*)\}")
_TYPE_RE = re.compile(r"@type\s+\{([^}]*)\}")
_TYPEDEF_RE = re.compile(r"@typedef\s+\{([^}]*)\}\s+([\w$.]+)")


@dataclass(frozen=True)
class JSDoc:
    """What one JSDoc block says. Type texts are kept as written (`Page`, `Array<Page>`, `import("m").T`)."""

    summary: str = ""  # the description before the first tag, blank line or end, one line
    params: dict[str, str] = field(default_factory=dict)  # parameter name -> type text
    returns: str | None = None
    type: str | None = None
    typedefs: dict[str, str] = field(default_factory=dict)  # name -> type text


def parse(text: str) -> JSDoc:
    """Read a comment's text (`/** ... */`; tags in a plain comment are read too)."""
    returns = _RETURNS_RE.search(text)
    type_ = _TYPE_RE.search(text)
    return JSDoc(
        summary=_summary(text) if text.startswith("/**") else "",
        params={m.group(2): m.group(1) for m in _PARAM_RE.finditer(text)},
        returns=returns.group(1).strip() if returns else None,
        type=type_.group(1) if type_ else None,
        typedefs={m.group(2): m.group(1) for m in _TYPEDEF_RE.finditer(text)},
    )


def _summary(text: str) -> str:
    """The first paragraph before any tag; `>` lines (quoted examples) are skipped."""
    lines: list[str] = []
    for raw in text[3:-2].splitlines():
        line = raw.strip().lstrip("*").strip()
        if line.startswith("@"):
            break
        if line.startswith(">"):
            continue
        if not line:
            if lines:
                break
            continue
        lines.append(line)
    return " ".join(lines)[:SUMMARY_LIMIT]


def comment_before(node: Node, source: bytes, *, climbs: int = 3, adjacent: bool = False,
                   jsdoc_only: bool = True) -> str:
    """The text of the comment documenting `node`, or "".

    The comment is the nearest named sibling before `node`, or before a node wrapping it (the declarator and
    declaration around `const f = () => {}`, the export around `export class`, the assignment around
    `X.prototype.m = function`): up to `climbs` nodes are tried, never past a body (`STOP_PARENTS`).
    `adjacent` requires the comment to end on the line before the node or on its line; `jsdoc_only` requires
    `/**`. A nearest comment that does not qualify ends the search: it documents something else."""
    target = node
    for _ in range(climbs):
        prev = target.prev_named_sibling
        if prev is not None and prev.type == "comment":
            if adjacent and prev.end_point[0] < target.start_point[0] - 1:
                return ""
            text = source[prev.start_byte:prev.end_byte].decode("utf-8", "replace")
            return text if text.startswith("/**") or not jsdoc_only else ""
        parent = target.parent
        if parent is None or parent.type in STOP_PARENTS:
            return ""
        target = parent
    return ""


def jsdoc_before(node: Node, source: bytes, **options) -> JSDoc:
    """`parse(comment_before(node, source, **options))`: an empty JSDoc when there is none."""
    text = comment_before(node, source, **options)
    return parse(text) if text else JSDoc()
