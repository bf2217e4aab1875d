"""`python -m lsp_server` is the `footprint-ls` command."""

import sys

from lsp_server.surfaces.cli import main

sys.exit(main())
