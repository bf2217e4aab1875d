"""The MCP surface (`footprint-ls mcp`): Footprint's agent tools over the Model Context Protocol.

tools.py is the tool table (schemas, descriptions, one area call each, the text rendering) and imports no SDK;
server.py is the only module that imports the `mcp` SDK (stdio and streamable HTTP, sessions, progress,
cancellation). Both are imported by the `mcp` verb only, so no other verb pays for them.
"""
