"""The stdio writer after the stream closed: a busy server's late messages are dropped quietly (issue 20.13: a
restarted server used to log a traceback per message, megabytes in the editor's log)."""

from __future__ import annotations

import io
import logging

from lsp_server.surfaces.lsp.transport import ClosedSafeWriter


def test_writes_pass_through_until_the_stream_closes_then_are_dropped_with_one_log_line(caplog):
    stream = io.BytesIO()
    writer = ClosedSafeWriter(stream)
    writer.write(b"Content-Length: 2\r\n\r\n{}")
    assert stream.getvalue().endswith(b"{}")
    stream.close()  # what pygls' exit handler does to stdout
    with caplog.at_level(logging.INFO, logger="lsp_server.surfaces.lsp.transport"):
        for _ in range(100):
            writer.write(b"late progress")
    assert len([r for r in caplog.records if "stream is closed" in r.getMessage()]) == 1


def test_close_twice_is_harmless():
    writer = ClosedSafeWriter(io.BytesIO())
    writer.close()
    writer.close()
    writer.write(b"after close")
