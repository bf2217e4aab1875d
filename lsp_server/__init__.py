"""Footprint: a language server that keeps JavaScript written against a private engine honest."""

__version__ = "0.1.0"
