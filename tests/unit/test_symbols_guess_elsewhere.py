"""A did-you-mean on a receiver whose type is a guess (round 44). The docs' `service` is one of a few classes by
its name's convention (`Service | Language`); `service.deinitializeButtons()` is no plain slip of theirs but of
`Initializer.deinitializeButton`, another engine type's member: the guess is the likelier mistake, so that member
leads the did-you-mean, before the guessed types' names that only score as near (`deinitializeCustomer`). A plain
slip of a guessed type's own member still leads. The message names the guess as the union it is, not `A & B`."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import package_workspace, symbol_findings

TYPES = """export declare class Service {
    initializeCustomer(): Promise<void>;
    deinitializeCustomer(): Promise<void>;
    deinitializePayment(): Promise<void>;
    loadCart(): Promise<void>;
}
export declare class Language { translate(key: string): string; }
export declare class Initializer {
    initializeButton(): Promise<void>;
    deinitializeButton(): Promise<void>;
}
export declare function createService(): Service;
export declare function createLanguage(): Language;
export declare function createInitializer(): Initializer;
"""


def readme() -> str:
    blocks = ["import { createService } from 'shop';\nconst service = createService();\nawait service.loadCart();"] * 3
    blocks += ["import { createLanguage } from 'shop';\nconst service = createLanguage();\nservice.translate('a');"] * 2
    return "# shop\n\n" + "\n\n".join(f"```js\n{b}\n```" for b in blocks) + "\n"


def findings(tmp_path, app: str, types: str = TYPES) -> list[tuple[str, list[str], str]]:
    ws = package_workspace(tmp_path, "shop", types, {
        "package.json": json.dumps({"name": "app", "dependencies": {"shop": "1.0.0"}}),
        "src/app.js": app,
    }, {"README.md": readme()})
    return [(f["name"], f["data"]["suggestions"], f["message"]) for f in symbol_findings(ws, "src/app.js")]


def test_a_plain_slip_of_another_types_member_leads_the_did_you_mean(tmp_path):
    found = findings(tmp_path, "await service.deinitializeButtons();\n")
    assert [(name, suggestions[0]) for name, suggestions, _ in found] == [("deinitializeButtons", "deinitializeButton")]
    assert "deinitializeCustomer" in found[0][1]  # the guessed types' near names follow
    assert found[0][2].startswith("`Service | Language` has no member `deinitializeButtons`")


def test_a_plain_slip_of_the_guessed_types_member_still_leads(tmp_path):
    found = findings(tmp_path, "await service.deinitializeCustomers();\n")
    assert [(name, suggestions[0]) for name, suggestions, _ in found] == [("deinitializeCustomers", "deinitializeCustomer")]


def test_the_real_member_of_the_other_type_stays_quiet(tmp_path):
    # a name some engine type has is not reported on a guessed receiver (the guess may be the wrong type)
    assert findings(tmp_path, "await service.deinitializeButton();\n") == []


def test_a_known_synonym_of_a_guessed_member_still_leads(tmp_path):
    # `fetchCart` is `loadCart` by a known synonym (fetch/load): the guess fits, and another type's plain slip
    # (`fetchCarts`, plural) is not the likelier reading
    types = TYPES.replace("deinitializeButton(): Promise<void>;", "deinitializeButton(): Promise<void>;\n    fetchCarts(): void;")
    found = findings(tmp_path, "await service.fetchCart();\n", types)
    assert [(name, suggestions[0]) for name, suggestions, _ in found] == [("fetchCart", "loadCart")]
