"""`storage.read_bounded_each`: many files read as `read_bounded` reads each, with each folder resolved once
(a large package's model cache is checked against thousands of files: a realpath each cost seconds). Every
file gets the same answer as `read_bounded` gives it: its bytes, or the same kind of refusal."""

from __future__ import annotations

import os

from lsp_server.storage import read_bounded, read_bounded_each


def _answer(read):
    try:
        return read()
    except OSError as exc:
        return type(exc)


def test_each_file_gets_read_bounded_s_answer(tmp_path):
    root = tmp_path / "root"
    (root / "pkg" / "lib").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.d.ts").write_text("export declare const key: string;\n")
    lib = root / "pkg" / "lib"
    (lib / "a.d.ts").write_text("export declare class A {}\n")
    (lib / "big.js").write_text("x" * 100)
    (lib / "inside-link.d.ts").symlink_to(lib / "a.d.ts")  # a file that is a link, to a file in the roots
    (lib / "outside-link.d.ts").symlink_to(outside / "secret.d.ts")
    (root / "pkg" / "linked").symlink_to(outside, target_is_directory=True)  # a folder that is a link
    os.mkfifo(lib / "fifo.js")
    paths = [str(lib / n) for n in ("a.d.ts", "big.js", "inside-link.d.ts", "outside-link.d.ts", "fifo.js",
                                    "missing.js")] + [str(root / "pkg" / "linked" / "secret.d.ts")]
    limit = lambda p: 50 if str(p).endswith(".js") else 1000  # noqa: E731
    for roots in ([root], None):
        got = list(read_bounded_each(paths, limit, roots))
        assert [g for g, _ in got] == paths  # each path as given, in order
        for path, data in got:
            expected = _answer(lambda: read_bounded(path, limit(path), roots))
            assert (type(data) if isinstance(data, OSError) else data) == expected, path
    answers = dict(read_bounded_each(paths, limit, [root]))
    assert answers[paths[0]] == b"export declare class A {}\n" and answers[paths[2]] == answers[paths[0]]
    assert all(isinstance(answers[p], OSError) for p in paths[3:])
