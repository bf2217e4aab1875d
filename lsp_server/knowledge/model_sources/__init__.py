"""Extractors that turn one source (declarations, JavaScript, docs, a JSON manifest) into a SourceModel."""

from __future__ import annotations

from pathlib import Path

from lsp_server.knowledge.model_sources.base import ReadLimits, SourceModel

KINDS = ("dts", "js", "docs", "manifest", "pages")


def guess_kind(path: Path) -> str | None:
    name = path.name.lower()
    if path.is_dir():
        return "docs"
    if name.endswith((".d.ts", ".d.mts", ".d.cts", ".ts")):
        return "dts"
    if name.endswith((".js", ".mjs", ".cjs")):
        return "js"
    if name.endswith(".json"):
        return "manifest"
    if name.endswith((".md", ".markdown", ".txt", ".html", ".htm")):
        return "docs"
    return None


def extract(kind: str, path: Path, module: str, limits: ReadLimits = ReadLimits()) -> SourceModel:
    """Run the extractor for `kind`, reading files within `limits`; raises OSError/ValueError with a clear
    message on bad input."""
    if kind == "dts":
        from lsp_server.knowledge.model_sources.dts import extract_dts

        return extract_dts(path, module, limits)
    if kind == "js":
        from lsp_server.knowledge.model_sources.js import extract_js

        return extract_js(path, module, limits)
    if kind == "docs":
        from lsp_server.knowledge.model_sources.docs import extract_docs

        return extract_docs(path, module, limits)
    if kind == "pages":
        from lsp_server.knowledge.model_sources.docs import extract_pages

        return extract_pages(path, module, limits)
    if kind == "manifest":
        from lsp_server.knowledge.model_sources.manifest import extract_manifest

        return extract_manifest(path, module, limits)
    raise ValueError(f"unknown object model source kind '{kind}' (known: {', '.join(KINDS)})")
