"""The names JavaScript built-ins, the DOM and Node give objects: what a member name can be besides the engine's.

Data in `builtin_names.txt` (one `T name` line per type, `M name` per member), generated from TypeScript's
`lib.*.d.ts` and `@types/node` by `python -m lsp_server.knowledge.builtin_names LIB_DIR NODE_TYPES_DIR`. Used
by the vocabulary check (`unknown_symbol`): a member name one of these types has is never a near miss of an
engine member, and a type extending one of them (`NodeJS.ReadableStream`, `EventEmitter`) stays checkable.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).with_name("builtin_names.txt")


@lru_cache(maxsize=1)
def _load() -> tuple[frozenset[str], frozenset[str]]:
    types, members = set(), set()
    try:
        text = DATA.read_text(encoding="utf-8")
    except OSError:
        return frozenset(), frozenset()
    for line in text.splitlines():
        kind, _, name = line.partition(" ")
        (types if kind == "T" else members).add(name)
    return frozenset(types), frozenset(members)


def builtin_types() -> frozenset[str]:
    return _load()[0]


def builtin_members() -> frozenset[str]:
    return _load()[1]


def is_builtin_type(type_text: str) -> bool:
    """`NodeJS.ReadableStream`, `EventEmitter`, `stream.Readable<T>`, `HTMLElement`: a type of the platform."""
    head = re.sub(r"<.*", "", re.sub(r"^import\([^)]*\)\.", "", type_text.strip())).strip()
    if head.startswith(("NodeJS.", "stream.", "events.", "internal.", "globalThis.")):
        return True
    return head.split(".")[-1] in builtin_types()


_TYPE = re.compile(r"^\s*(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:interface|class|type|var|const|namespace)"
                   r"\s+([A-Za-z_$][\w$]*)", re.M)
_MEMBER = re.compile(r"^\s*(?:(?:readonly|static|get|set|abstract|protected|public)\s+)*([A-Za-z_$][\w$]*)\??\s*[:(<]",
                     re.M)


def generate(folders: list[Path]) -> str:
    types, members = set(), set()
    for folder in folders:
        for p in sorted(folder.rglob("*.d.ts")):
            text = p.read_text(encoding="utf-8", errors="replace")
            types.update(_TYPE.findall(text))
            members.update(_MEMBER.findall(text))
    keywords = {"if", "for", "while", "return", "function", "new", "typeof", "keyof", "import", "export", "declare"}
    lines = [f"T {t}" for t in sorted(types - keywords)] + [f"M {m}" for m in sorted(members - keywords)]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    DATA.write_text(generate([Path(a) for a in sys.argv[1:]]), encoding="utf-8")
