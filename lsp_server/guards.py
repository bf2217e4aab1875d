"""Loop controls for tools that agents call in loops: one generic wrapper, `run`, for every such command.

Agents repeat themselves: the same lookup twelve times in a turn, or re-checking names already in their
prompt. `run(ctx, tool=..., args=..., fn=...)` puts every call of a guarded tool through, in this order:

1. `known_symbols`: a call whose subject is a name the caller says it was already given is answered as such,
   free, without running anything;
2. identical calls (same tool, same arguments, same `version` of the data) are answered from the cache; after
   `[limits] identical_calls_per_turn` in one turn they are blocked with a note repeating the earlier gist;
3. concurrent identical calls are coalesced: one leader runs, the followers get its result;
4. near-duplicate subjects (lowercased, stop words removed, light stemming that also collapses doubled
   consonants, tokens sorted; then an exact key or a `difflib` ratio >= `near_duplicate_ratio` with every
   token paired to a close one) get the earlier answer, with a note naming the earlier query;
5. budget: a live call of a tool listed in `budget_tools` spends its `cost` from `live_calls_per_turn`;
   cached answers and other tools are free;
6. at most `max_concurrent` live calls run at once; the others wait in line.

A turn is `turn_id` in the arguments; without it, each client's calls form one rolling turn that ends after
`turn_idle_seconds` without a call. State lives per workspace and client. Everything that happened is
reported as plain notes (and a `debug` dict) on the returned `Guarded`.

Clients come and go (an MCP HTTP server sees one per `Mcp-Session-Id`), so their state is bounded: per
workspace at most MAX_CLIENTS clients are kept, least recently used dropped first, and a client idle for
CLIENT_IDLE_SECONDS is dropped at the next call; `forget_client` drops one at once (an MCP session closed).
A client with a call running is never dropped. `clients(workspace)` lists what is kept.
"""

from __future__ import annotations

import difflib
import json
import re
import threading
import time
import weakref
from collections import Counter, OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from lsp_server.config import config_section

if TYPE_CHECKING:
    from lsp_server.commands import CommandContext

T = TypeVar("T")

RESERVED_ARGS = ("turn_id", "known_symbols")

# Lifetime of a client's state (see the module docstring; documented in docs/mcp.md). 30 minutes is also the
# MCP SDK's idle timeout of an HTTP session, which the MCP server passes on, so both forget a session together.
MAX_CLIENTS = 64
CLIENT_IDLE_SECONDS = 30 * 60.0


@config_section("limits")
@dataclass(frozen=True)
class LimitsConfig:
    """`[limits]` keys of the loop controls."""

    identical_calls_per_turn: int = 4  # identical calls answered per turn; later ones are blocked
    live_calls_per_turn: int = 12  # budget (in cost units) per turn for the tools in budget_tools
    budget_tools: list[str] = field(default_factory=lambda: ["rag_lookup"])
    max_concurrent: int = 2  # live calls running at once (per client); the others wait in line
    near_duplicate_ratio: float = 0.8
    turn_idle_seconds: float = 120.0  # a rolling turn (no turn_id) ends after this long without a call
    cache_entries: int = 512


@dataclass
class Guarded(Generic[T]):
    value: T | None  # None when blocked or answered as already known
    status: str  # live | cached | coalesced | near_duplicate | known | blocked
    notes: list[str] = field(default_factory=list)
    turn: str = ""
    debug: dict[str, Any] = field(default_factory=dict)

    @property
    def note(self) -> str | None:
        return " ".join(self.notes) if self.notes else None


# --- near-duplicate keys ----------------------------------------------------------------------------------
_STOP = frozenset(
    "a an and are as at be by can could do does did for from get got how i in into is it its me my need of on "
    "or our should so some than that the their them then there these this those to use using want was way we "
    "what when where which who why will with would you your please any every each all many".split())


def _light_stem(word: str) -> str:
    for suffix, repl in (("ies", "y"), ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh"),
                         ("ing", ""), ("ed", ""), ("ss", "ss"), ("s", ""), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            word = word[: len(word) - len(suffix)] + repl
            break
    if len(word) >= 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]  # adding -> add -> ad, add -> ad: doubled consonants collapse
    return word


def _near_tokens(text: str) -> dict[str, bool]:
    """Normalized tokens of a query -> whether the token must match exactly (identifiers, numbers)."""
    out: dict[str, bool] = {}
    for word in re.findall(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*|\d+", text):
        if re.search(r"[a-z][A-Z]|[_.$\d]", word) or (word.isupper() and len(word) > 1):
            out[word.lower()] = True  # `getRows` is not a rephrasing of `getRow`
        elif word.lower() not in _STOP:
            out[_light_stem(word.lower())] = False
    return out


def near_key(text: str) -> str:
    """Normalized form of a query: lowercase, stop words removed, lightly stemmed, tokens sorted."""
    return " ".join(sorted(_near_tokens(text)))


def is_near_duplicate(a: str, b: str, ratio: float = 0.8) -> bool:
    """Whether two queries say the same thing (see the module docstring)."""
    ta, tb = _near_tokens(a), _near_tokens(b)
    ka, kb = " ".join(sorted(ta)), " ".join(sorted(tb))
    if not ka or not kb:
        return False
    if ka == kb:
        return True
    if difflib.SequenceMatcher(None, ka, kb).ratio() < ratio:
        return False

    def paired(xs: dict[str, bool], ys: dict[str, bool]) -> bool:
        return all(x in ys or (not exact and any(
            not ys[y] and difflib.SequenceMatcher(None, x, y).ratio() >= ratio for y in ys))
            for x, exact in xs.items())

    return paired(ta, tb) and paired(tb, ta)


# --- state ------------------------------------------------------------------------------------------------
@dataclass
class _Entry:
    tool: str
    value: Any
    gist: str
    subject: str | None
    rest_key: str  # tool arguments without the subject, for near-duplicate comparisons
    turn: str


@dataclass
class _Turn:
    identical: Counter = field(default_factory=Counter)
    spent: int = 0


class GuardState:
    """Loop-control state of one client in one workspace."""

    def __init__(self, limits: LimitsConfig):
        self.lock = threading.Lock()
        self.slots = threading.BoundedSemaphore(max(1, limits.max_concurrent))
        self.slot_count = max(1, limits.max_concurrent)
        self.cache: OrderedDict[str, _Entry] = OrderedDict()
        self.inflight: dict[str, Future] = {}
        self.turns: OrderedDict[str, _Turn] = OrderedDict()
        self.rolling = 0
        self.last_call = 0.0
        self.live_runs: Counter = Counter()
        self.running = 0
        self.max_running = 0
        self.last_used = time.monotonic()  # the last call that reached state_for (client lifetime)

    def turn(self, turn_id: str | None, limits: LimitsConfig) -> tuple[str, _Turn]:
        now = time.monotonic()
        if turn_id is None:
            if self.rolling == 0 or now - self.last_call > limits.turn_idle_seconds:
                self.rolling += 1
            turn_id = f"auto-{self.rolling}"
        self.last_call = now
        state = self.turns.get(turn_id)
        if state is None:
            state = self.turns[turn_id] = _Turn()
            while len(self.turns) > 64:
                self.turns.popitem(last=False)
        self.turns.move_to_end(turn_id)
        return turn_id, state

    def busy(self) -> bool:
        """Whether a call of this client is running or waiting (its state must outlive it)."""
        return self.running > 0 or bool(self.inflight)


# Per workspace: client id -> state, least recently used first.
_STATES: "weakref.WeakKeyDictionary[Any, OrderedDict[str, GuardState]]" = weakref.WeakKeyDictionary()
_STATES_LOCK = threading.Lock()


def state_for(ctx: "CommandContext") -> GuardState:
    limits = ctx.workspace.settings.get(LimitsConfig)
    now = time.monotonic()
    with _STATES_LOCK:
        per_client = _STATES.get(ctx.workspace)
        if per_client is None:
            per_client = _STATES[ctx.workspace] = OrderedDict()
        state = per_client.get(ctx.client_id)
        if state is None or state.slot_count != max(1, limits.max_concurrent):
            state = per_client[ctx.client_id] = GuardState(limits)
        state.last_used = now
        per_client.move_to_end(ctx.client_id)
        _trim(per_client, now)
        return state


def _trim(per_client: "OrderedDict[str, GuardState]", now: float, keep_last: bool = True) -> None:
    """Drop idle clients, then the least recently used beyond MAX_CLIENTS; never a busy one, nor (keep_last)
    the one a call just took. The caller holds _STATES_LOCK."""
    entries = list(per_client.items())
    for client, state in entries[:-1] if keep_last else entries:
        if now - state.last_used <= CLIENT_IDLE_SECONDS and len(per_client) <= MAX_CLIENTS:
            break  # least recently used first: the rest were used later
        if not state.busy():
            del per_client[client]


def expire_idle(now: float | None = None) -> None:
    """Drop, in every workspace, the clients idle for more than CLIENT_IDLE_SECONDS as of `now` (default: now).
    Each call does this for its own workspace; this is for a server between calls, and for tests."""
    now = time.monotonic() if now is None else now
    with _STATES_LOCK:
        for per_client in list(_STATES.values()):
            _trim(per_client, now, keep_last=False)


def forget_client(client_id: str) -> None:
    """Drop the state of `client_id` in every workspace (its session ended). A running call keeps the state it
    holds and finishes normally; the client's next call, if any, starts afresh."""
    with _STATES_LOCK:
        for per_client in list(_STATES.values()):
            per_client.pop(client_id, None)


def clients(workspace: Any) -> list[str]:
    """The client ids whose state is kept in `workspace`, least recently used first."""
    with _STATES_LOCK:
        return list(_STATES.get(workspace) or ())


def reset(ctx: "CommandContext") -> None:
    """Forget every turn, cache entry and counter of this client (tests, `reload`)."""
    with _STATES_LOCK:
        _STATES.get(ctx.workspace, {}).pop(ctx.client_id, None)


# --- the wrapper ------------------------------------------------------------------------------------------
def run(ctx: "CommandContext", tool: str, args: dict, fn: Callable[[], T], *, cost: int = 1,
        subject: str | None = None, version: Any = None, gist: Callable[[T], str] | None = None) -> Guarded[T]:
    """Run `fn` (the live call of `tool` with `args`) under the loop controls.

    `args` may hold `turn_id` and `known_symbols`, which are read here and not part of the call's identity.
    `subject` names the argument holding the free text compared for known symbols and near-duplicates.
    `version` identifies the data the answer depends on (e.g. an index generation): part of the cache key.
    `gist(value)` summarises an answer in one line for the note of a blocked repeat.
    """
    limits = ctx.workspace.settings.get(LimitsConfig)
    state = state_for(ctx)
    turn_arg = args.get("turn_id")
    turn_id_in = str(turn_arg) if turn_arg not in (None, "") else None
    known = [s for s in args.get("known_symbols") or [] if isinstance(s, str)]
    call_args = {k: v for k, v in args.items() if k not in RESERVED_ARGS}
    text = call_args.get(subject) if subject else None
    text = text if isinstance(text, str) else None
    key = json.dumps([tool, call_args, version], sort_keys=True, default=str)
    rest_key = json.dumps([tool, {k: v for k, v in call_args.items() if k != subject}, version],
                          sort_keys=True, default=str)
    summarize = gist or (lambda v: _default_gist(v))

    with state.lock:
        turn_id, turn = state.turn(turn_id_in, limits)
        debug: dict[str, Any] = {"turn": turn_id}

        def done(value, status, *notes) -> Guarded:
            debug.update(status=status, live_runs=state.live_runs[tool])
            return Guarded(value, status, [n for n in notes if n], turn_id, debug)

        if text and known:
            hit = _known(text, known)
            if hit:
                return done(None, "known", f"`{hit}` was already provided to you (known_symbols): no lookup "
                                           "needed, and this call is free.")
        turn.identical[key] += 1
        count = turn.identical[key]
        debug["identical_calls"] = count
        entry = state.cache.get(key)
        if count > limits.identical_calls_per_turn:
            gist_text = f" Earlier answer: {entry.gist}" if entry else ""
            return done(None, "blocked", f"Blocked: identical {tool} call #{count} in this turn (limit "
                                         f"{limits.identical_calls_per_turn}); use the earlier answer.{gist_text}")
        if entry is not None:
            state.cache.move_to_end(key)
            again = f" (identical call #{count} in this turn)" if count > 1 else ""
            return done(entry.value, "cached", f"Answered from cache{again}: same {tool} call as before, free.")
        leader_future = state.inflight.get(key)
        if leader_future is None and text:
            for earlier in reversed(state.cache.values()):
                if earlier.rest_key == rest_key and earlier.subject and \
                        is_near_duplicate(earlier.subject, text, limits.near_duplicate_ratio):
                    return done(earlier.value, "near_duplicate",
                                f"Near-duplicate of the earlier query '{earlier.subject}' (turn {earlier.turn}): "
                                "returning its answer, free.")
        budgeted = tool in limits.budget_tools and cost > 0
        if leader_future is None and budgeted:
            if turn.spent + cost > limits.live_calls_per_turn:
                return done(None, "blocked", f"Blocked: the turn's budget is spent ({turn.spent}/"
                                             f"{limits.live_calls_per_turn} for {', '.join(limits.budget_tools)}); "
                                             "use what you already have or start a new turn.")
            turn.spent += cost
        if budgeted:
            debug["budget"] = {"spent": turn.spent, "limit": limits.live_calls_per_turn}
        if leader_future is None:
            future: Future = Future()
            state.inflight[key] = future
        else:
            future = leader_future

    if leader_future is not None:
        value = future.result()  # the leader's exception, if any, propagates to every follower
        with state.lock:
            return done(value, "coalesced", f"Coalesced with a concurrent identical {tool} call: one ran.")

    waited = time.monotonic()
    state.slots.acquire()
    waited = time.monotonic() - waited
    try:
        with state.lock:
            state.running += 1
            state.max_running = max(state.max_running, state.running)
            state.live_runs[tool] += 1
        value = fn()
    except BaseException as exc:
        with state.lock:
            state.inflight.pop(key, None)
            if budgeted:
                turn.spent -= cost  # a failed call is not charged
        future.set_exception(exc)
        raise
    finally:
        with state.lock:
            state.running -= 1
        state.slots.release()
    with state.lock:
        state.cache[key] = _Entry(tool, value, summarize(value), text, rest_key, turn_id)
        while len(state.cache) > limits.cache_entries:
            state.cache.popitem(last=False)
        state.inflight.pop(key, None)
        debug["queue_ms"] = round(waited * 1000, 1)
        result = done(value, "live", f"Waited {waited * 1000:.0f} ms in line (at most "
                                     f"{limits.max_concurrent} run at once)." if waited > 0.05 else "")
    future.set_result(value)
    return result


def _known(text: str, known: list[str]) -> str | None:
    """The known symbol `text` asks about: the same name, or the same member (`addRow` ~ `Table.addRow`)."""
    asked = text.strip().strip("`").removesuffix("()")
    if not re.fullmatch(r"[\w$]+(?:\.[\w$]+)*", asked):
        return None
    for sym in known:
        name = sym.strip().strip("`").removesuffix("()")
        if asked == name or (("." in name) != ("." in asked) and
                             name.rsplit(".", 1)[-1] == asked.rsplit(".", 1)[-1]):
            return name
    return None


def _default_gist(value: Any) -> str:
    text = json.dumps(value, default=str, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= 200 else text[:199] + "…"
