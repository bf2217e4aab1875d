"""Free names that are a declared dependency's exports (`types.Analyzer.exporting_modules`): a file that neither
declares nor imports `Network` and whose project depends on a package whose whole value is a namespace object
with a `Network` member (`module.exports = Neataptic`, `var Neataptic = { Network: require(...), ... }`) binds
`Network` to that member, as if imported; a real global of the name stays the global unless the file constructs a
DOM interface no program can construct (`new Node()`); a lower-case object member binds only where the engine's own
examples read members on that name; two packages offering the name leave it free."""

from __future__ import annotations

import json
from pathlib import Path

from lsp_server.document import ParsedDocument
from lsp_server.knowledge.model_sources.base import Member, ModuleModel, SourceModel, TypeDef
from lsp_server.knowledge.object_model import ObjectModel, SourceSpec
from lsp_server.knowledge.types import analyze
from tests.support.symbols_helpers import make_workspace, symbol_findings

# An untyped package whose entry exports one object of members (the reader types its function members: a
# factory's result is the class it returns)
NETWORK = """
function Network(input, output) { this.input = input; this.output = output; this.nodes = []; }
Network.prototype.activate = function (input) { return input; };
Network.prototype.train = function (set, options) { return {}; };
Network.prototype.evolve = function (set, options) { return {}; };
module.exports = Network;
"""
ENTRY = """
var Network = require('./network');
var NN = {
  Network: Network,
  Perceptron: function (input, output) { return new Network(input, output); },
  Image: function (width) { return new Network(width, 1); },
};
module.exports = NN;
"""


def flags(tmp_path, app: str, packages: dict[str, str], declared: list[str] | None = None) -> list[tuple[int, str]]:
    tree = {"src/app.js": app,
            "package.json": json.dumps({"name": "app", "private": True,
                                        "dependencies": {p: "1.0.0" for p in (declared or packages)}})}
    for name, entry in packages.items():
        tree[f"node_modules/{name}/package.json"] = json.dumps({"name": name, "version": "1.0.0", "main": "index.js"})
        tree[f"node_modules/{name}/index.js"] = entry
        tree[f"node_modules/{name}/network.js"] = NETWORK
    ws = make_workspace(tmp_path, tree)
    return [(f["line"], f["name"]) for f in symbol_findings(ws, "src/app.js")]


def test_a_free_member_of_a_dependencys_whole_namespace_is_bound_as_if_imported(tmp_path):
    app = """var net = Perceptron(2, 1);
net.trin(set);
"""
    assert flags(tmp_path, app, {"nn": ENTRY}) == [(2, "trin")]


def test_a_file_that_declares_or_imports_the_name_keeps_its_own_binding(tmp_path):
    app = """function Perceptron() { return {}; }
var net = Perceptron(2, 1);
net.trin(set);
"""
    assert flags(tmp_path, app, {"nn": ENTRY}) == []


def test_a_file_that_imports_the_package_binds_only_what_it_imports(tmp_path):
    app = """var nn = require('nn');
var net = Perceptron(2, 1);
net.trin(set);
nn.Perceptron(2, 1).trin(set);
"""
    assert flags(tmp_path, app, {"nn": ENTRY}) == [(4, "trin")]


def test_two_packages_offering_the_name_leave_it_free(tmp_path):
    app = """var net = Perceptron(2, 1);
net.trin(set);
"""
    assert flags(tmp_path, app, {"nn": ENTRY, "other": ENTRY}) == []


def test_a_real_global_of_the_name_stays_the_global(tmp_path):
    # `Image` is the DOM's (`new Image(w, h)` makes an <img>): the package's member of that name is not meant
    app = """var img = Image(2);
img.trin(set);
"""
    assert flags(tmp_path, app, {"nn": ENTRY}) == []


# The model as a reader gives it for `var NN = { Network: require('./network'), Node: require('./node'),
# architect: require('./architect') }; module.exports = NN` (the keys typed as the values the required files
# export): built here from the model's own data, as a source's reader hands it over
def nn_model(examples: list[str] = ()) -> ObjectModel:
    mod = ModuleModel("nn", exports={"=": "NN", "default": "NN"})
    mod.add_type(TypeDef("Network", "class", members=[
        Member("evolve", "method", "object", ["set", "options"]), Member("activate", "method", "number[]", ["input"]),
        Member("train", "method", "object", ["set", "options"])]))
    mod.add_type(TypeDef("Node", "class", members=[
        Member("connect", "method", "object[]", ["target", "weight"]), Member("activate", "method", "number", ["input"]),
        Member("bias", "property", "number")]))
    mod.add_type(TypeDef("NN$architect", "namespace", members=[
        Member("Perceptron", "method", "Network", ["layers"], static=True)]))
    mod.add_type(TypeDef("NN", "namespace", members=[
        Member("Network", "property", "typeof Network", static=True),
        Member("Node", "property", "typeof Node", static=True),
        Member("architect", "property", "typeof NN$architect", static=True)]))
    mod.values["NN"] = Member("NN", "property", "typeof NN")
    model = ObjectModel([(SourceSpec("js", Path("/nn/index.js"), "nn", "discovered"), SourceModel("js", {"nn": mod}))])
    model.examples = [("README.md", code) for code in examples]
    model.own_examples = None
    return model


def missing(code: str, model: ObjectModel) -> list[str]:
    doc = ParsedDocument.create("file:///ws/src/app.js", code)
    return sorted(f"{a.recv.tid[1]}.{a.name}" for a in analyze(doc, model).accesses if a.missing)


def test_a_class_of_the_namespace_and_its_instances_are_checked():
    code = """var network = new Network(2, 1);
network.getEvolve(set, {});
network.evolve(set, {});
"""
    assert missing(code, nn_model()) == ["Network.getEvolve"]


def test_new_node_proves_the_packages_node_not_the_doms():
    # the DOM's `Node` cannot be constructed by a program: `new Node()` is the package's, and so its instances
    code = """var A = new Node();
var B = new Node();
A.connect(B);
A.conect(B);
"""
    assert missing(code, nn_model()) == ["Node.conect"]


def test_node_without_new_stays_the_doms():
    # `Node.TEXT_NODE`, `x instanceof Node`: the platform's global, whatever the package exports
    code = """if (el.nodeType === Node.TEXT_NODE && el instanceof Node) { el.foo(); }
Node.ELEMENT_NODE;
"""
    assert missing(code, nn_model()) == []


def test_a_lower_case_object_member_only_where_the_engines_examples_read_it_so():
    code = """var net = architect.Perceptrons(2, 4, 1);
"""
    assert missing(code, nn_model()) == []
    assert missing(code, nn_model(["var network = architect.Perceptron(2, 4, 1);"])) == ["NN$architect.Perceptrons"]
