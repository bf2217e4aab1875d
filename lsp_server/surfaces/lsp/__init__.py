"""The LSP surface: the pygls server and its handlers, conversions to lsprotocol types, the pygls overrides, and
the wire under them. The only package that imports pygls or lsprotocol."""
