"""The stdio writer after the stream closed: a busy server's late messages are dropped quietly (issue 20.13: a
restarted server used to log a traceback per message, megabytes in the editor's log)."""

from __future__ import annotations

import io
import logging

from lsp_server.surfaces.lsp.transport import ClosedSafeWriter


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def test_writes_pass_through_until_the_stream_closes_then_are_dropped_with_one_log_line():
    stream = io.BytesIO()
    writer = ClosedSafeWriter(stream)
    writer.write(b"Content-Length: 2\r\n\r\n{}")
    assert stream.getvalue().endswith(b"{}")
    stream.close()  # what pygls' exit handler does to stdout
    # A handler on the module's own logger (other tests may change propagation or the root's handlers).
    logger = logging.getLogger("lsp_server.surfaces.lsp.transport")
    records, level, disabled = _Records(), logger.level, logger.disabled
    logger.addHandler(records)
    logger.setLevel(logging.INFO)
    logger.disabled = False
    try:
        for _ in range(100):
            writer.write(b"late progress")
    finally:
        logger.removeHandler(records)
        logger.setLevel(level)
        logger.disabled = disabled
    assert len([m for m in records.messages if "stream is closed" in m]) == 1


def test_close_twice_is_harmless():
    writer = ClosedSafeWriter(io.BytesIO())
    writer.close()
    writer.close()
    writer.write(b"after close")
