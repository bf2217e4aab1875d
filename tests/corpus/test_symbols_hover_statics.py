"""A misspelled static of every class pdf-lib exports (fetched from the npm registry at test time, never
committed): the `unknown-symbol` finding and the hover agree on the member meant, and the hover shows that
static's own signature, never an instance member's (the receiver's side: types.receiver_members)."""

from __future__ import annotations

import re

import pytest

from lsp_server import providers
from lsp_server.knowledge.object_model import FUNCTION_MEMBERS, OBJECT_MEMBERS, ObjectModelService
from lsp_server.knowledge.unknown_symbol import shown_owner
from lsp_server.providers import RequestContext
from tests.corpus import symbols_corpus as corpus
from tests.support.symbols_helpers import symbol_findings

pytestmark = pytest.mark.slow  # npm fetch and a whole package's typings


def exported_statics(model) -> dict[str, dict]:
    """Each class pdf-lib exports -> its public statics (own, inherited, namespace-merged) by name."""
    out = {}
    for name in sorted(model.modules["pdf-lib"].exports):
        exp = model.export("pdf-lib", name)
        t = model.type(exp[1]) if exp and exp[0] == "type" else None
        if t is None or t.kind != "class":
            continue
        statics = {k: v for k, v in model.side(exp[1], static=True).items() if not v[0].private and k[:1] != "_"}
        if statics:
            out[name] = statics
    return out


def test_a_misspelled_static_hovers_the_static_the_check_suggests(tmp_path):
    try:
        pkg_root = corpus.ensure_packages()
    except corpus.Unavailable as exc:
        pytest.skip(str(exc))
    ws, _ = corpus.build_workspace(tmp_path / "ws", pkg_root)
    model = ws.service(ObjectModelService).model
    classes = exported_statics(model)
    lines, meant = [f"import {{ {', '.join(classes)} }} from \"pdf-lib\";"], {}
    for cls, statics in classes.items():
        taken = set(statics) | OBJECT_MEMBERS | FUNCTION_MEMBERS
        for name, (member, _) in sorted(statics.items()):
            mutant = next((m for _, m in corpus.mutations(name) if m not in taken
                           and re.fullmatch(r"[A-Za-z_$][\w$]*", m)), None)
            if mutant is None:
                continue
            call = "()" if member.kind in ("method", "function") else ""
            lines.append(f"{cls}.{mutant}{call};")
            meant[len(lines)] = (cls, name)
    rel = "src/statics_probe.js"
    (ws.root / rel).write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert len(meant) >= 100, len(meant)

    doc = ws.document(ws.root / rel)
    disagree, wrong_side, checked = [], [], 0
    for f in symbol_findings(ws, rel):
        cls, _ = meant[f["line"]]
        first = f["data"]["suggestions"][0] if f["data"]["suggestions"] else None
        if first is None:
            continue
        checked += 1
        offset = doc.source.index(f"{cls}.{f['name']}".encode()) + len(cls) + 2
        (hover,) = [h.markdown for h in providers.call_all(providers.HOVER, doc, offset, RequestContext(ws))]
        if not hover.startswith(f"Did you mean `{first}`?"):
            disagree.append(f"{cls}.{f['name']}: check says `{first}`, hover: {hover[:80]!r}")
            continue
        member, owner = classes[cls][first]
        if member.signature(shown_owner(model, owner)) not in hover:
            wrong_side.append(f"{cls}.{f['name']}: {hover[:120]!r}")
    print(f"\n{len(meant)} misspelled statics of {len(classes)} pdf-lib classes: {checked} found with a "
          f"did-you-mean, {len(disagree)} hovers disagree, {len(wrong_side)} show another signature")
    assert checked >= 0.8 * len(meant), (checked, len(meant))
    assert disagree == [], "\n".join(disagree[:20])
    assert wrong_side == [], "\n".join(wrong_side[:20])
