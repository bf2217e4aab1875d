"""`python -m lsp_server` is the `footprint-ls` command."""

import sys

if "hook" in sys.argv[1:]:  # agent hooks: the fast path, without importing the rest of the CLI
    import gc

    gc.disable()  # while the hook loads (see surfaces.hooks.main), its own modules included
    from lsp_server.surfaces.hooks import exit_process, hook_argv, main as hook_main

    if (hook_args := hook_argv(sys.argv[1:])) is not None:
        exit_process(hook_main(hook_args))
    gc.enable()

from lsp_server.surfaces.cli import main  # noqa: E402

sys.exit(main())
