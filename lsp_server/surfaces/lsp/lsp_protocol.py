"""Our changes to pygls' JSON-RPC protocol object: every pygls subclass of the server lives here.

(The wire under it, framing with limits and the TCP token, is transport.py: it replaces pygls' reader loops,
not its protocol, and imports nothing of this module.)

`$/cancelRequest` for `workspace/executeCommand` (NestedCancelMixin): pygls runs executeCommand as a generator
handler that yields the user's command, which it then runs as a nested handler registered under a fresh id.
A `$/cancelRequest` cancels only the outer future (the client gets its "cancelled" answer) while the command
runs on to the end: its `ctx.cancelled` is never set, so a generator subprocess or HTTP read it waits on is not
stopped. The mixin links the two: when the outer future is cancelled, the nested handlers the request started
are cancelled too (the command's task then sets `ctx.cancelled`, see `server._register_command`).
"""

from __future__ import annotations

import logging
from typing import Any

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from lsp_server import foreground

log = logging.getLogger(__name__)


class NestedCancelMixin:
    """Mix into a pygls `JsonRPCProtocol` subclass (before it in the bases)."""

    _request_futures: dict

    def _execute_handler(self, msg_id: Any, handler: Any, *args: Any, **kwargs: Any) -> None:
        before = set(self._request_futures)
        super()._execute_handler(msg_id, handler, *args, **kwargs)  # type: ignore[misc]
        outer = self._request_futures.get(msg_id)
        nested = [f for k, f in self._request_futures.items() if k not in before and k != msg_id]
        if outer is None or not nested:
            return

        def propagate(future) -> None:
            if future.cancelled():
                for inner in nested:
                    inner.cancel()

        outer.add_done_callback(propagate)


class _Unreadable:
    """Stands in for a message whose params did not fit the LSP schema (already answered or logged)."""


def _validation_reason(exc: BaseException) -> str:
    """The leaf messages of a cattrs validation error ("Position.line should be in range ...")."""
    cause = exc.__cause__ or exc
    leaves: list[str] = []
    stack = [cause]
    while stack and len(leaves) < 3:
        e = stack.pop()
        if isinstance(e, BaseExceptionGroup):
            stack.extend(reversed(e.exceptions))
        else:
            leaves.append(str(e)[:200])
    return "; ".join(leaves) or type(cause).__name__


class FootprintProtocol(NestedCancelMixin, LanguageServerProtocol):
    """pygls' protocol (a cancelled executeCommand also cancels the command it runs: NestedCancelMixin), with
    these changes:

    - a request whose params do not fit the LSP schema (a negative line, a missing field) is answered with
      InvalidParams instead of being dropped with an error popup (which left the client waiting forever);
      a malformed notification is logged and dropped;
    - a client request is marked in flight from its arrival to its response (`foreground`): checks and index
      builds in worker threads step aside meanwhile, so a hover is not held up by a big file's analysis;
    - pygls does not keep its own copy of open documents: the Session does (ParsedDocument). pygls' copy
      doubled the memory and its change handling clamps the client's ranges *in place* with rules that
      differ from positions.py (a range ending past the last line's end lost a character), so our
      handler received altered ranges and the server's text diverged from the editor's.
    """

    def _user_handler(self, method: str, params):
        if (handler := self.fm.features.get(method)) is not None:
            yield handler, (params,), None

    @lsp_method(lsp.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: lsp.DidOpenTextDocumentParams):
        yield from self._user_handler(lsp.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: lsp.DidChangeTextDocumentParams):
        yield from self._user_handler(lsp.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: lsp.DidCloseTextDocumentParams):
        yield from self._user_handler(lsp.TEXT_DOCUMENT_DID_CLOSE, params)

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if not isinstance(data, dict) or "jsonrpc" not in data or "method" not in data:
                raise
            reason = _validation_reason(exc)
            if "id" in data:
                self._send_response(data["id"], None, JsonRpcInvalidParams(
                    f"{data['method']}: invalid params: {reason}").to_response_error())
            else:
                log.warning("dropped %s notification: invalid params: %s", data["method"], reason)
            return _Unreadable()

    def handle_message(self, message):
        if isinstance(message, _Unreadable):
            return
        if getattr(message, "method", None) and getattr(message, "id", None) is not None:
            foreground.begin(message.id)  # a client request: background analysis steps aside until answered
        super().handle_message(message)

    def _send_response(self, msg_id, result=None, error=None):
        try:
            super()._send_response(msg_id, result, error)
        finally:
            foreground.end(msg_id)

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None):
        # pygls files the future of every async/threaded/generator handler under `msg_id` (a fresh uuid
        # for notifications and generator steps) and only ever removes those of client requests: each
        # keystroke leaked its params and task (about 6 MB a minute while typing). Forget it when done.
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            def forget(done, msg_id=msg_id):
                if self._request_futures.get(msg_id) is done:
                    del self._request_futures[msg_id]
            future.add_done_callback(forget)

    @lsp_method(lsp.SHUTDOWN)
    def lsp_shutdown(self, *args):
        # pygls' version, iterating over a copy: cancelling a future runs its callbacks, and `forget`
        # above removes the future from the dict being iterated.
        if (handler := self.fm.features.get(lsp.SHUTDOWN)) is not None:
            yield handler, args, None
        current_id = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current_id and not future.done():
                future.cancel()
        self._shutdown = True
        return None

    def _send_handler_result(self, future, *, msg_id):
        # Bad arguments are the caller's mistake: answer InvalidParams without pygls' ERROR traceback.
        if future.done() and not future.cancelled() and isinstance(future.exception(), JsonRpcInvalidParams):
            self._request_futures.pop(msg_id, None)
            log.info("request %s refused: %s", msg_id, future.exception())
            self._send_response(msg_id, error=future.exception().to_response_error())
            return
        super()._send_handler_result(future, msg_id=msg_id)
