"""`python -m lsp_server` is the `footprint-ls` command."""

import sys

if sys.argv[1:2] == ["hook"]:  # agent hooks: the fast path, without importing the rest of the CLI
    from lsp_server.surfaces.hooks import main as hook_main

    sys.exit(hook_main(sys.argv[2:]))

from lsp_server.surfaces.cli import main  # noqa: E402

sys.exit(main())
