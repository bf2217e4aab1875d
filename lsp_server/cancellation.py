"""`$/cancelRequest` for `workspace/executeCommand`: reach the command that is running.

pygls runs executeCommand as a generator handler that yields the user's command, which it then runs as a
nested handler registered under a fresh id. A `$/cancelRequest` cancels only the outer future (the client
gets its "cancelled" answer) while the command runs on to the end: its `ctx.cancelled` is never set, so a
generator subprocess or HTTP read it waits on is not stopped. This mixin links the two: when the outer
future is cancelled, the nested handlers the request started are cancelled too (the command's task then
sets `ctx.cancelled`, see `server._register_command`).
"""

from __future__ import annotations

from typing import Any


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
