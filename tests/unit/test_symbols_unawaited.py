"""A member of what a promise resolves to, read on the promise itself (round 44): `const state =
service.loadCart(); state.data.getCart()`, an `await` left out. TypeScript asks "did you forget to use
'await'?"; JavaScript reads `undefined` and throws a step later. Reported on the member, and the chain typed on
as the awaited value, so a misspelt name after it is still caught. Not a promise's own members (`then`), nor a
name the awaited type lacks too (nothing says what was meant), nor an awaited or `.then`-ed promise."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import package_workspace, symbol_findings

TYPES = """export declare class Service {
    loadCart(): Promise<Selectors>;
}
export interface Selectors { data: DataSelector; }
export interface DataSelector { getCart(): object; getCoupons(): object[]; }
export declare function createService(options?: object): Service;
"""

HEAD = "import { createService } from 'shop';\nconst service = createService();\n"


def findings(tmp_path, body: str) -> list[tuple[int, str, str, str]]:
    ws = package_workspace(tmp_path, "shop", TYPES, {
        "package.json": json.dumps({"name": "app", "dependencies": {"shop": "1.0.0"}}),
        "src/app.js": HEAD + body,
    })
    return [(f["line"], f["name"], f["severity"], f["message"]) for f in symbol_findings(ws, "src/app.js")]


def test_a_member_of_the_awaited_type_read_on_the_promise_asks_for_await(tmp_path):
    found = findings(tmp_path, "const state = service.loadCart();\nstate.data.getCart();\n")
    assert [(line, name, severity) for line, name, severity, _ in found] == [(4, "data", "error")]
    assert "Promise of `Selectors`" in found[0][3] and "forget `await`" in found[0][3]


def test_the_chain_after_it_is_checked_as_the_awaited_value(tmp_path):
    found = findings(tmp_path, "const state = service.loadCart();\nstate.data.getCarts();\n")
    assert [(line, name) for line, name, _, _ in found] == [(4, "data"), (4, "getCarts")]


def test_awaited_then_and_unknown_names_stay_as_they_were(tmp_path):
    assert findings(tmp_path, "const state = await service.loadCart();\nstate.data.getCart();\n") == []
    assert findings(tmp_path, "service.loadCart().then((s) => s.data.getCoupons());\n") == []
    assert findings(tmp_path, "const p = service.loadCart();\np.catch(() => {}).finally(() => {});\n") == []
    # a name the awaited type lacks too: nothing says an `await` was meant
    assert findings(tmp_path, "const p = service.loadCart();\np.cancel();\n") == []
