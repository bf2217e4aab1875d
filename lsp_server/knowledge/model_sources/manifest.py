"""A JSON manifest -> object model: the escape hatch when no declaration, source or docs say enough.

```json
{
  "types": {
    "Document": {
      "kind": "class", "extends": ["Node"], "open": false, "doc": "The root of a layout.",
      "members": {
        "addPage": {"kind": "method", "params": ["options?: PageOptions"], "returns": "Page"},
        "fontSize": {"type": "number"},
        "create": {"kind": "method", "static": true, "returns": "Document"}
      }
    },
    "Align": {"kind": "enum", "members": ["Left", "Center", "Right"]}
  },
  "functions": {"degrees": {"params": ["n: number"], "returns": "Rotation"}},
  "exports": ["Document", "Align", "degrees"]
}
```
`members` may also be a list of names (`"addPage()"` is a method). `exports` defaults to every type and
function. Errors name the manifest and the offending entry.
"""

from __future__ import annotations

import json
from pathlib import Path

from lsp_server.knowledge.model_sources.base import Member, ReadLimits, SourceModel, TypeDef
from lsp_server.storage import content_hash

KINDS = ("class", "interface", "enum", "namespace")


def extract_manifest(path: Path, module: str, limits: ReadLimits = ReadLimits()) -> SourceModel:
    data_bytes = limits.read(path)
    try:
        data = json.loads(data_bytes.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a manifest is a JSON object with 'types', 'functions' and 'exports'")
    source = SourceModel("manifest")
    source.files[str(path)] = content_hash(data_bytes)
    mod = source.module(module)
    types = data.get("types", {})
    if not isinstance(types, dict):
        raise ValueError(f"{path}: 'types' must be an object of type name -> description")
    for name, spec in types.items():
        if not isinstance(spec, dict):
            raise ValueError(f"{path}: types.{name} must be an object")
        kind = spec.get("kind", "class")
        if kind not in KINDS:
            raise ValueError(f"{path}: types.{name}.kind must be one of {', '.join(KINDS)}")
        bases = spec.get("extends", [])
        bases = [bases] if isinstance(bases, str) else bases
        if not isinstance(bases, list) or not all(isinstance(b, str) for b in bases):
            raise ValueError(f"{path}: types.{name}.extends must be a name or a list of names")
        t = TypeDef(name, kind, list(bases), open=bool(spec.get("open", False)), path=str(path),
                    doc=str(spec.get("doc", "")))
        members = spec.get("members", {})
        if isinstance(members, list):
            members = {str(m).rstrip("()"): ({"kind": "method"} if str(m).endswith("()") else {}) for m in members}
        if not isinstance(members, dict):
            raise ValueError(f"{path}: types.{name}.members must be an object or a list of names")
        for mname, mspec in members.items():
            mspec = mspec if isinstance(mspec, dict) else {"type": mspec} if isinstance(mspec, str) else {}
            mkind = mspec.get("kind") or ("enum_member" if kind == "enum" else "method" if "returns" in mspec or "params" in mspec else "property")
            params = mspec.get("params", [])
            if not isinstance(params, list) or not all(isinstance(p, str) for p in params):
                raise ValueError(f"{path}: types.{name}.members.{mname}.params must be a list of strings")
            t.members.append(Member(mname, mkind, str(mspec.get("returns", mspec.get("type", ""))), params,
                                    bool(mspec.get("static", kind == "enum")), bool(mspec.get("private", False)),
                                    str(path), 0, float(mspec.get("confidence", 1.0)), str(mspec.get("doc", ""))))
        mod.add_type(t)
    functions = data.get("functions", {})
    if not isinstance(functions, dict):
        raise ValueError(f"{path}: 'functions' must be an object of name -> {{params, returns}}")
    for fname, fspec in functions.items():
        fspec = fspec if isinstance(fspec, dict) else {}
        mod.values[fname] = Member(fname, "function", str(fspec.get("returns", "")), list(fspec.get("params", [])),
                                   path=str(path), doc=str(fspec.get("doc", "")))
    exports = data.get("exports")
    if exports is None:
        exports = list(mod.types) + list(mod.values)
    if not isinstance(exports, list) or not all(isinstance(e, str) for e in exports):
        raise ValueError(f"{path}: 'exports' must be a list of names")
    for e in exports:
        mod.exports[e] = e
    mod.complete = bool(data.get("complete", True))
    return source
