"""Round 23 (codeceptjs, dev): an interface a package's typings declare empty (`interface I {}` in a global
namespace, "extended by user generated typings") is a declaration-merging hole: the project's own typings (a file a
tool generates for it) fill it, so the package does not know its members. A name used on it is never reported
missing for being absent from the (empty) declaration: the real helper methods, the project's custom steps and the
objects it registers are all names it may have. Only a plain near miss (a get/set prefix, case, number, a small
typo) of a member of one of the package's own types, that no type in reach has, is reported: the vocabulary
check's rule, with the package's members as the vocabulary (platform-named ones too: `click`). A registry
interface whose members are all typed by such holes (`interface Support { Actor: Act.Actor }`) is filled by the
same user typings (the project's page objects beside the actor): a hole too."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import make_workspace, symbol_findings

TYPINGS = '''declare namespace Act {
  class Browser {
    click(locator: string): void;
    grabTitle(): Promise<string>;
    seeInCurrentUrl(url: string): void;
    waitForInvisible(locator: string): void;
    waitForVisible(locator: string): void;
  }
  // Could get extended by user generated typings
  interface Actor {}
  interface Support {
    Actor: Act.Actor
  }
  interface Options { retries: number }
}
declare function inject(): Act.Support
declare function options(): Act.Options
'''


def hole_workspace(tmp_path, app: str):
    tree = {"node_modules/actkit/package.json": json.dumps({"name": "actkit", "types": "./typings/index.d.ts"}),
            "node_modules/actkit/typings/index.d.ts": TYPINGS,
            "package.json": json.dumps({"name": "app", "dependencies": {"actkit": "1.0.0"}}),
            "src/app.js": app}
    return make_workspace(tmp_path, tree)


def flagged(ws) -> list[tuple[int, str, list]]:
    return [(f["line"], f["name"], (f["data"] or {}).get("suggestions", [])) for f in symbol_findings(ws, "src/app.js")]


def test_an_empty_interface_of_a_global_namespace_is_open_to_what_user_typings_merge_in(tmp_path):
    """`seeInCurrentUrl` (a real member of the package's `Browser`, which the runtime mixes into the actor),
    `loginAsAdmin` (the project's own step) and `loginPage` (an object the project registers beside the actor) are
    never flagged; `grabTitles`, `getClick` and `waitForInvisibles` are near misses of the package's members, with
    the member they vary as the did-you-mean (the exact member behind the get prefix, the singular); `clck` is a
plain typo of the package's `click`, a platform name too, reported on this receiver of the package's own type."""
    ws = hole_workspace(tmp_path, """const { Actor, loginPage } = inject();
Actor.click('#a');
Actor.seeInCurrentUrl('/x');
Actor.loginAsAdmin();
loginPage.open();
Actor.grabTitles();
Actor.getClick('#a');
Actor.waitForInvisibles('#a');
Actor.clck('#a');
""")
    got = flagged(ws)
    assert [(line, name) for line, name, _ in got] == [(6, "grabTitles"), (7, "getClick"), (8, "waitForInvisibles"),
                                                       (9, "clck")]
    assert [s[:1] for _, _, s in got] == [["grabTitle"], ["click"], ["waitForInvisible"], ["click"]]


def test_an_interface_with_members_stays_closed(tmp_path):
    """`interface Options { retries: number }` declares its members: a name it lacks is reported as before."""
    ws = hole_workspace(tmp_path, """const o = options();
o.retries;
o.retriess;
""")
    assert [(line, name) for line, name, _ in flagged(ws)] == [(3, "retriess")]


README = """# actkit

```js
const { Actor } = inject();
Actor.click('#login');
```

```js
const { Actor } = inject();
Actor.grabTitle();
```
"""


def test_a_fragment_on_the_name_the_docs_give_the_hole_instance_is_checked_against_the_package(tmp_path):
    """`Actor.grabTitles()` alone in a fragment (no import, `Actor` undeclared: a reference page's snippet): the
    package's docs name the instance of the hole `Actor` (`const { Actor } = inject()`, twice), so the receiver
    is that open object, and a near miss of the package's member is reported; a custom step is not."""
    tree = {"node_modules/actkit/package.json": json.dumps({"name": "actkit", "types": "./typings/index.d.ts"}),
            "node_modules/actkit/typings/index.d.ts": TYPINGS,
            "node_modules/actkit/README.md": README,
            "package.json": json.dumps({"name": "app", "dependencies": {"actkit": "1.0.0"}}),
            "src/app.js": "let title = await Actor.grabTitles();\nActor.loginAsAdmin();\n"}
    ws = make_workspace(tmp_path, tree)
    assert [(line, name, s[:1]) for line, name, s in flagged(ws)] == [(1, "grabTitles", ["grabTitle"])]


def readme_workspace(tmp_path, readme: str, app: str):
    tree = {"node_modules/actkit/package.json": json.dumps({"name": "actkit", "types": "./typings/index.d.ts"}),
            "node_modules/actkit/typings/index.d.ts": TYPINGS,
            "node_modules/actkit/README.md": readme,
            "package.json": json.dumps({"name": "app", "dependencies": {"actkit": "1.0.0"}}),
            "src/app.js": app}
    return make_workspace(tmp_path, tree)


def test_a_parameter_named_as_the_hole_instance_makes_the_file_the_engines(tmp_path):
    """Round 30 (weak30, codeceptjs's heal recipes and auth plugin: `login: (I) => I.loginAsAdmin()`, `({ I }) =>
    I.refreshPage()`): a parameter the docs' name types as the hole's instance is a use of the package, as the same
    name written free is, so a near miss of the package's member on it is reported in a file that shows nothing
    else of the package. A name the package lacks that is no near miss (a custom step) stays silent."""
    ws = readme_workspace(tmp_path, README, "const recipe = { fn: ({ Actor }) => { Actor.grabTitles(); } };\n"
                          "const login = (Actor) => Actor.waitForVisibles('#a');\n"
                          "const other = (Actor) => Actor.loginAsAdmin();\n")
    assert [(line, name, s[:1]) for line, name, s in flagged(ws)] == [
        (1, "grabTitles", ["grabTitle"]), (2, "waitForVisibles", ["waitForVisible"])]


def test_what_the_docs_call_on_the_hole_instance_is_its_vocabulary(tmp_path):
    """Round 30 (weak30, codeceptjs's MockRequest page: `I.mockRequest('GET', '/api/users', 200)`, a helper whose
    runtime is another package and whose methods no type of the package declares): the names the package's own
    docs use on the hole's instance are members of it, so a near miss of one is reported with it as the
    did-you-mean; the name itself is not."""
    readme = README + "\n```js\nActor.mockRequest('GET', '/api/users', 200);\n```\n"
    ws = readme_workspace(tmp_path, readme, "Actor.mockRequest('GET', '/a', 200);\n"
                          "Actor.mockRquest('GET', '/a', 200);\nActor.mockrequest('GET', '/a', 200);\n")
    assert [(line, name, s[:1]) for line, name, s in flagged(ws)] == [
        (2, "mockRquest", ["mockRequest"]), (3, "mockrequest", ["mockRequest"])]
