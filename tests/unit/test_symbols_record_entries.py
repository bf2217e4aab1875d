"""Round 17, after the held-out run: a member typed by an object literal of one string index signature
(`inputs: { [path: string]: { bytes: number } }`) is a dictionary of that value, also in a `declare module`
block (whose members' object types belong to that module); `for (const [key, value] of Object.entries(dict))`
gives `value` the dictionary's value type."""

from __future__ import annotations

import json

from tests.support.symbols_helpers import flags_with_first_suggestion, make_workspace

FILES = {
    "node_modules/kit-types/package.json": json.dumps({"name": "kit-types", "version": "1.0.0", "types": "index.d.ts"}),
    "node_modules/kit-types/index.d.ts": """declare module "kit" {
  interface Metafile {
    inputs: {
      [path: string]: {
        bytes: number;
        imports: string[];
      };
    };
  }
  interface Output {
    metafile?: Metafile;
  }
  function build(entry: string): Promise<Output>;
}
""",
    "package.json": json.dumps({"name": "app", "private": True, "dependencies": {"kit-types": "1.0.0"}}),
}


def test_object_entries_of_a_dictionary_member(tmp_path):
    ws = make_workspace(tmp_path, {**FILES, "src/app.js": """import { build } from "kit";
const result = await build("a.ts");
for (const [path, input] of Object.entries(result.metafile.inputs)) {
  console.log(path, input.bytes, input.imports.length);
  input.byes;
}
for (const [path] of Object.entries(result.metafile.inputs)) {
  path.length;
}
"""})
    assert flags_with_first_suggestion(ws, "src/app.js") == [(5, "byes", ["bytes"])]
