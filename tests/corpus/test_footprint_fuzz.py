"""Generated programs (seeded, reproducible): shadowing, closures, declarator lists, destructuring, loops,
catch clauses, classes, exports, bodies without braces. Every offered "delete footprint with dependents" must
re-parse cleanly and leave no reference to a deleted binding (the same independent audit as the corpus)."""

from __future__ import annotations

import random

import pytest

from lsp_server.document import ParsedDocument
from tests.corpus.footprint_audit import AuditStats, audit_document

pytestmark = pytest.mark.slow  # real-world corpora and golden sets (npm fetches, whole packages)

NAMES = ["box", "row", "page", "a", "b"]
def expr(r, d=0):
    n = r.choice(NAMES)
    c = r.randrange(9 if d < 2 else 4)
    if c == 0: return n
    if c == 1: return f"{n}.x"
    if c == 2: return f"{n}.add({r.choice(NAMES)})"
    if c == 3: return str(r.randrange(9))
    if c == 4: return f"{expr(r,d+1)} + {expr(r,d+1)}"
    if c == 5: return f"() => {expr(r,d+1)}"
    if c == 6: return f"{{ {n}, k: {expr(r,d+1)} }}"
    if c == 7: return f"[{expr(r,d+1)}, {expr(r,d+1)}]"
    return f"{n}?.m().n({expr(r,d+1)})"
def stmt(r, d=0):
    n = r.choice(NAMES); c = r.randrange(16 if d < 2 else 9)
    if c == 0: return f"{r.choice(['var','let','const'])} {n} = {expr(r)};"
    if c == 1: return f"var {n} = {expr(r)}, {r.choice(NAMES)} = {expr(r)};"
    if c == 2: return f"{n}.w = {expr(r)};"
    if c == 3: return f"{n}.go().then({expr(r)});"
    if c == 4: return f"page.add({n});"
    if c == 5: return f"delete {n}.x;"
    if c == 6: return f"const {{ {n}, q: [{r.choice(NAMES)}] }} = {expr(r)};"
    if c == 7: return f"{n}++;"
    if c == 8: return f"return {expr(r)};"
    if c == 9: return "{\n" + "\n".join(stmt(r, d+1) for _ in range(r.randrange(4))) + "\n}"
    if c == 10: return f"if ({expr(r)}) {stmt(r, d+1)}\nelse {stmt(r, d+1)}"
    if c == 11: return f"function {n}({r.choice(NAMES)}, {r.choice(NAMES)}2) {{\n" + "\n".join(stmt(r, d+1) for _ in range(r.randrange(4))) + "\n}"
    if c == 12: return f"for (const {n} of {expr(r)}) {{\n{stmt(r, d+1)}\n}}"
    if c == 13: return f"try {{ {stmt(r,d+1)} }} catch ({n}) {{ {stmt(r,d+1)} }}"
    if c == 14: return f"class {n.capitalize()} {{ m({n}) {{ {stmt(r,d+1)} }} }}"
    return f"export {{ {n} }};" if r.random() < .3 else f"label: for (;;) {{ break label; }}"


def program(seed: int) -> str:
    r = random.Random(seed)
    return 'import { page } from "m";\n' + "\n".join(stmt(r) for _ in range(r.randrange(3, 12))) + "\n"


def test_generated_programs():
    total = AuditStats()
    for seed in range(400):
        doc = ParsedDocument.create(f"file:///gen/{seed}.js", program(seed))
        if doc.has_syntax_errors:
            continue
        total.add(audit_document(doc, f"seed {seed}"))
    print("\n" + total.summary("generated programs"))
    assert total.failures == [], "\n".join(total.failures[:10])
    assert total.offered > 500 and total.entangled > 200


# --- TypeScript: the same programs with types woven through (type-only bindings named like values, generics,
# enums, namespaces, overloads, casts, parameter properties), parsed as .ts and .tsx -----------------------
TYPES = ["Box", "Row", "T", "box", "Page"]


def ts_type(r, d=0):
    n = r.choice(TYPES)
    c = r.randrange(6 if d < 2 else 2)
    if c == 0: return n
    if c == 1: return "string"
    if c == 2: return f"{n}[]"
    if c == 3: return f"Array<{ts_type(r, d + 1)}>"
    if c == 4: return f"{{ k: {ts_type(r, d + 1)} }}"
    return f"{ts_type(r, d + 1)} | null"


def ts_stmt(r, d=0):
    n, t = r.choice(NAMES), r.choice(TYPES)
    c = r.randrange(14)
    if c == 0: return f"interface {t.capitalize()} {{ x: {ts_type(r)}; m(a: {ts_type(r)}): void }}"
    if c == 1: return f"type {t.capitalize()}<T> = {{ v: T; w: {ts_type(r)} }};"
    if c == 2: return f"let {n}: {ts_type(r)} = {expr(r)} as {ts_type(r)};"
    if c == 3: return f"enum {t.capitalize()} {{ A, B = {r.randrange(9)} }}"
    if c == 4: return f"namespace {t.capitalize()} {{ export const {n} = {expr(r)}; }}"
    if c == 5: return f"function {n}(a: {ts_type(r)}): void;\nfunction {n}(a: any) {{ {stmt(r, d + 1)} }}"
    if c == 6: return f"class {t.capitalize()}<T> {{ constructor(private {n}: {ts_type(r)}) {{ {stmt(r, d + 1)} }} }}"
    if c == 7: return f"{n}!.go(<{ts_type(r)}>{r.choice(NAMES)});"
    if c == 8: return f"declare const {n}: {ts_type(r)};"
    if c == 9: return f"const {n} = {expr(r)} satisfies {ts_type(r)};"
    if c == 10: return f"function {n}<T extends {ts_type(r)}>(x: T): T {{ return x; }}"
    return stmt(r, d)


def ts_program(seed: int) -> str:
    r = random.Random(f"ts-{seed}")
    return 'import { page, type Page } from "m";\n' + "\n".join(ts_stmt(r) for _ in range(r.randrange(3, 12))) + "\n"


def test_generated_typescript_programs():
    total = AuditStats()
    for seed in range(300):
        for ext in ("ts", "tsx"):
            doc = ParsedDocument.create(f"file:///gen/{seed}.{ext}", ts_program(seed))
            if doc.has_syntax_errors:
                continue
            total.add(audit_document(doc, f"seed {seed} ({ext})"))
    print("\n" + total.summary("generated TypeScript programs"))
    assert total.failures == [], "\n".join(total.failures[:10])
    assert total.offered > 500 and total.entangled > 200
