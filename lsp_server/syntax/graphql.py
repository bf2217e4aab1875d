"""GraphQL documents written in a file's tagged templates, read as the shapes of the data they fetch.

    const data = useLazyLoadQuery(graphql`query AppQuery($id: ID!) { user(id: $id) { name } }`, {id: 4});
    data.user?.name

A template tagged `graphql`, `gql` (or a member of one: `graphql.experimental`) holds a GraphQL document; its
operation (or, with none, its one fragment) selects the fields the data has: `Selection`, a closed object type
(each response key, an alias or the field's name, with the selection nested under it, or None for a leaf). An
inline fragment (`... on User { x }`, `... @include(if: $c) { x }`) adds its fields; a spread of a fragment some
template of this file defines (`...Foo_actor`) adds that fragment's fields; a spread of any other fragment
leaves the object open (`Selection.open`): its fields come from a file this one does not see. Except under
Relay's data masking: a template whose tag the file imports from Relay (`import { graphql } from 'react-relay'`)
is compiled by Relay, whose data holds none of a spread fragment's fields (the child component reads them with
its own `useFragment`), so such a spread adds nothing and leaves the object closed, unless it is unmasked
(`...Foo_user @relay(mask: false)`).

A template with `${...}` interpolations (Apollo's fragments pasted in) or that does not parse gives no
selection: what it selects is not known. Parsed with graphql-core (the reference parser, ported from
graphql-js), imported only when a file has such a template: most files have none, and startup stays short.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass, field

from lsp_server import queries
from lsp_server.document import ParsedDocument
from lsp_server.syntax.modules import module_info_of

TAGS = frozenset(("graphql", "gql"))
# bytes a file without any GraphQL template never holds (the query below is not run on it)
_WORDS = (b"graphql`", b"gql`", b"graphql.", b"gql.", b"gql<", b"graphql<")
# the modules whose `graphql` tag is Relay's: its documents are compiled with data masking
RELAY_MODULES = frozenset(("react-relay", "react-relay/hooks", "relay-runtime", "babel-plugin-relay/macro"))
_MAX_DEPTH = 32  # of fragment spreads expanded one inside another (a cycle is invalid GraphQL, cut here)


@dataclass(eq=False)
class Selection:
    """The fields one selection set picks (`user { name friends { count } }`): response key -> the selection
    under it (None for a leaf: a scalar, an enum, or a field whose shape is not known). `open`: a spread of a
    fragment this file does not define adds fields not known here. `definition` names the operation or
    fragment (`query AppQuery`), `line` its line in the file (1-based)."""

    fields: dict[str, "Selection | None"] = field(default_factory=dict)
    open: bool = False
    definition: str = ""
    line: int = 0


@dataclass(frozen=True, eq=False)
class GraphQLTemplate:
    """One tagged template of the file: the call node (`graphql`...``), and the selection its document makes
    (None: interpolated, unparsable, or no single operation or fragment to read)."""

    node: object  # the tagged template's call_expression
    selection: Selection | None


_cache: "weakref.WeakKeyDictionary[ParsedDocument, dict[int, GraphQLTemplate]]" = weakref.WeakKeyDictionary()
_cache_lock = threading.Lock()


def graphql_templates(doc: ParsedDocument) -> dict[int, GraphQLTemplate]:
    """The file's GraphQL templates by the start byte of their call node (shared: one reading per snapshot)."""
    if doc.tree is None or not any(word in doc.source for word in _WORDS):
        return {}
    with _cache_lock:
        found = _cache.get(doc)
    if found is None:
        found = _read(doc)
        with _cache_lock:
            _cache[doc] = found
    return found


def _tag_is_graphql(text: str) -> bool:
    """`graphql`, `gql`, `graphql.experimental`, `Relay.QL`-style members of a `graphql`/`gql` object."""
    head = text.split(".", 1)[0].strip()
    return head in TAGS


def _relay_tags(doc: ParsedDocument) -> frozenset[str]:
    """The local names the file binds to Relay's `graphql` tag (`import { graphql } from 'react-relay'`,
    `const { graphql } = require('relay-runtime')`, `import graphql from 'babel-plugin-relay/macro'`)."""
    out = set()
    for record in module_info_of(doc).imports:
        if record.specifier in RELAY_MODULES:
            out.update(local for local, name in record.locals().items()
                       if name == "graphql" or (name == "default" and record.specifier.endswith("/macro")))
    return frozenset(out)


def _read(doc: ParsedDocument) -> dict[int, GraphQLTemplate]:
    bodies = queries.captures(doc.language, "graphql", doc.tree.root_node).get("template.body", ())
    relay = _relay_tags(doc) if bodies else frozenset()
    parsed = []  # (call node, DocumentNode | None, first line of the template in the file (0-based), masked)
    for body in bodies:
        call = body.parent
        tag = call.child_by_field_name("function") if call is not None else None
        if tag is None or not _tag_is_graphql(doc.node_text(tag)):
            continue
        if any(c.type == "template_substitution" for c in body.named_children):
            parsed.append((call, None, 0, False))
            continue
        text = doc.source[body.start_byte + 1:body.end_byte - 1].decode("utf-8", errors="replace")
        parsed.append((call, _parse(text), body.start_point[0], doc.node_text(tag) in relay))
    if not parsed:
        return {}
    fragments = {}  # name -> (FragmentDefinitionNode, first line of its template)
    for _, document, row, _ in parsed:
        for definition in document.definitions if document is not None else ():
            if definition.kind == "fragment_definition":
                fragments.setdefault(definition.name.value, (definition, row))
    out = {}
    for call, document, row, masked in parsed:
        out[call.start_byte] = GraphQLTemplate(call, _selection_of(document, row, fragments, masked)
                                               if document is not None else None)
    return out


def _parser():
    """graphql-core's `parse` and its error type, imported on first use: only files with a GraphQL template pay
    for it. Its package imports all of graphql-core (~150 modules, ~0.17 s of CPU, once per process): shared
    by every document, so not charged to the time limit of the document that asked first (as the platform
    module's parse)."""
    global _PARSER
    if _PARSER is None:
        with _parser_lock, queries.no_time_limit():
            if _PARSER is None:
                try:
                    from graphql import GraphQLError, parse
                    _PARSER = (parse, GraphQLError)
                except ImportError:  # pragma: no cover - graphql-core is a dependency
                    _PARSER = (None, Exception)
    return _PARSER


_PARSER = None
_parser_lock = threading.Lock()


def _parse(text: str):
    """The GraphQL document in `text`, or None when it does not parse (or graphql-core is missing)."""
    parse, GraphQLError = _parser()
    if parse is None:  # pragma: no cover - graphql-core is a dependency
        return None
    try:
        return parse(text, max_tokens=20_000, experimental_fragment_arguments=True)
    except (GraphQLError, RecursionError):
        return None


def _selection_of(document, row: int, fragments: dict, masked: bool = False) -> Selection | None:
    """What the document's one operation selects (else its one fragment's): the data a hook given it returns.
    `masked`: Relay compiles the document (another file's fragment spread adds nothing to the data)."""
    operations = [d for d in document.definitions if d.kind == "operation_definition"]
    own = [d for d in document.definitions if d.kind == "fragment_definition"]
    if len(operations) == 1:
        definition = operations[0]
        name = definition.name.value if definition.name is not None else ""
        shown = f"{definition.operation.value} {name}".strip()
    elif not operations and len(own) == 1:
        definition = own[0]
        shown = f"fragment {definition.name.value}"
    else:
        return None
    line = row + (definition.loc.start_token.line if definition.loc is not None else 1)
    out = Selection(definition=shown, line=line)
    _add(out, definition.selection_set, fragments, 0, masked)
    return out


_CONNECTIONS = frozenset(("connection", "stream_connection"))


def _directive(node, name: str):
    return next((d for d in node.directives or () if d.name.value == name), None)


def _unmasked(spread) -> bool:
    """`...Foo_user @relay(mask: false)`: Relay merges the fragment's fields into the parent's data."""
    relay = _directive(spread, "relay")
    return relay is not None and any(a.name.value == "mask" and a.value.kind == "boolean_value" and
                                     not a.value.value for a in relay.arguments or ())


def _add(into: Selection, selection_set, fragments: dict, depth: int, masked: bool = False) -> None:
    """Add what `selection_set` selects to `into`: fields by response key, inline fragments' and known spreads'
    fields; an unknown spread opens it, unless Relay masks it (`masked`: the data holds none of its fields)."""
    for s in selection_set.selections if selection_set is not None else ():
        alias = _directive(s, "alias") if s.kind != "field" else None
        if alias is not None:
            # Relay's `...Foo @alias(as: "foo")`, `... on User @alias(as: "user") { name }`: the fragment's data
            # under its own key (by default the fragment's name); what is under it is not followed
            given = next((a.value.value for a in alias.arguments or () if a.name.value == "as"
                          and a.value.kind == "string_value"), None)
            key = given or (s.name.value if s.kind == "fragment_spread" else None)
            if key is None:
                into.open = True
            else:
                into.fields[key] = None
            continue
        if s.kind == "field":
            key = (s.alias or s.name).value
            if s.selection_set is None:
                into.fields[key] = None  # a leaf; selected twice, once with a selection set, is invalid: a leaf
                continue
            if key in into.fields and into.fields[key] is None:
                continue
            child = into.fields.get(key)
            if child is None:
                child = into.fields[key] = Selection(definition=into.definition, line=into.line)
            _add(child, s.selection_set, fragments, depth, masked)
            if any(_directive(s, name) is not None for name in _CONNECTIONS):
                _connection_fields(child)
        elif s.kind == "inline_fragment":
            _add(into, s.selection_set, fragments, depth, masked)
        elif s.kind in ("fragment_spread", "fragment_argument_spread"):
            known = fragments.get(s.name.value)
            if known is None or depth >= _MAX_DEPTH:
                # another file's fragment (`...UsernameComponent_user`): its fields are not known here; Relay
                # masks them from this data (nothing added, the object stays closed), Apollo (and Relay's
                # `@relay(mask: false)`) merges them in: the object is open
                if not masked or _unmasked(s) or depth >= _MAX_DEPTH:
                    into.open = True
                continue
            _add(into, known[0].selection_set, fragments, depth + 1, masked)


def _connection_fields(connection: Selection) -> None:
    """What Relay's compiler adds to a field marked `@connection` (its pagination needs them), selected or not:
    `pageInfo { endCursor hasNextPage ... }`, each edge's `cursor` and its node's `__typename` (the `__id` of
    the connection is a `__` name: always allowed). Left unchecked below them: `pageInfo` is a leaf here."""
    connection.fields.setdefault("pageInfo", None)
    edges = connection.fields.setdefault("edges", None)
    if edges is not None:
        edges.fields.setdefault("cursor", None)
