"""The surfaces: how callers reach the areas. Each is a thin adapter (parse the surface's input, call one
area function, present the typed result through `present.py`) and the only place that knows exit codes,
JSON-RPC errors, argparse, pygls or an agent's payload format.

- `commands.py`: the LSP `workspace/executeCommand` commands (server.py registers them with pygls).
- `cli/`: the `footprint-ls` verbs.
- `hooks.py`: the agent hooks (`footprint-ls hook post-write|stop`).
- `present.py`: the one presenter (positions through positions.py, paths relative to the caller).
- `errors.py`: area errors to exit codes and JSON-RPC error codes.
"""
