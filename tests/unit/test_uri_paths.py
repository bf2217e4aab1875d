"""file: URIs <-> paths: percent-escapes are decoded exactly once, other schemes are not paths."""

from __future__ import annotations

from pathlib import Path

from lsp_server.document import path_to_uri, uri_to_path


def test_round_trip_with_escapes_and_non_ascii(tmp_path):
    for name in ["a%41.js", "with space.js", "héllo 😀.js", "100%.js", "a#b.js"]:
        path = tmp_path / name
        assert uri_to_path(path_to_uri(path)) == path, name


def test_decodes_once_and_rejects_other_schemes():
    assert uri_to_path("file:///tmp/a%2541.js") == Path("/tmp/a%41.js")
    assert uri_to_path("file:///tmp/x%20y.js") == Path("/tmp/x y.js")
    assert uri_to_path("untitled:Untitled-1") is None
    assert uri_to_path("https://example.com/a.js") is None
