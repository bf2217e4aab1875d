"""GraphQL data as the type its selection set makes: a field the query does not select, near one it does.

    const data = useLazyLoadQuery(graphql`query AppQuery($id: ID!) { user(id: $id) { name } }`, {id: 4});
    data.users?.name        // `users`: not selected in query AppQuery (line 1); did you mean `user`?

The selection (`syntax.graphql`: the file's `graphql`/`gql` templates, parsed) is the shape of what a call given
that document returns, directly (`useLazyLoadQuery(graphql`...`)`) or through a `const` bound to the template
(`const QUERY = gql`...`; useQuery(QUERY)`). Whether the result is the data itself (Relay's `useLazyLoadQuery`,
`usePreloadedQuery`, `useFragment`, graphql-request's `await request(url, doc)`) or a wrapper holding it (Apollo's
`{ data, loading, error }`, Relay's `{ data, loadNext }` and `{ updatableData }`, `[data, refetch]`) depends on the
hook, whose package is often not installed (react-relay beside relay-runtime). So, precision first:

- the data is the result bound to a name (`const data = hook(doc)`), the first item of an array pattern
  (`const [data, refetch] = ...`), the `data` (or any `...Data`: `updatableData`) of an object pattern
  (`const { data, loading } = ...`), or the result's `.data`; a selected root field destructured from the result
  (`const { user } = ...`) is that field's data; an item of a selected list is the list's selection (`edges[0]`,
  the parameter of `edges.map(edge => ...)`);
- on the result itself (which may be a wrapper), the wrapper's members (`loading`, `error`, `refetch`, ...) and
  `data` are not the data's; past a selected field, the object is the selection's for sure;
- a member the selection lacks is reported only when it is a near miss (a get/set prefix, case, number, a small
  typo) of one field it selects at that level and no field of it: a name near nothing is left alone (a property
  the code reaches some other way); an object a spread of another file's fragment opens is left alone; so are
  JavaScript's own members (a list field's `map`, `length`), names of the `__typename`/`__id`/`__fragments`
  kind and `$`-names (Relay's generated `$fragmentType`), and a member the analysis types through the callee's
  typings (TypeScript's types, and the unknown-symbol check's typed findings, speak there), as is data typed
  by a type argument or an annotation (`useQuery<AppQuery>(...)`, `const data: AppQuery$data = ...`: the
  compiler's generated types, which TypeScript checks).
"""

from __future__ import annotations

from lsp_server.document import ParsedDocument
from lsp_server.findings import Finding, Severity
from lsp_server.knowledge import suggest as sg
from lsp_server.syntax.graphql import Selection, graphql_templates
from lsp_server.syntax.scopes import scopes_of

NEAR_MISS = 0.85  # suggest.score at or above: casing, plural/singular, known synonyms (the vocabulary check's bar)
TYPO_MIN = 4  # letters of a selected field whose one-letter misspellings are reported (`cont` of `count`)
# what a hook's result holds beside its data: Apollo's QueryResult and mutation tuple, urql's, Relay's pagination
# and refetchable fragments', a Promise's and an Observable's; on the result itself these are never the data's
WRAPPER_MEMBERS = frozenset((
    "data", "loading", "error", "errors", "refetch", "fetchMore", "networkStatus", "called", "client",
    "previousData", "variables", "observable", "startPolling", "stopPolling", "subscribeToMore", "updateQuery",
    "reset", "fetching", "stale", "operation", "extensions", "hasNext", "hasPrevious", "loadNext", "loadPrevious",
    "isLoadingNext", "isLoadingPrevious", "refetchQueries", "dataState", "then", "catch", "finally", "subscribe",
    "toPromise", "updatableData", "queryRef", "dispose", "isInFlight", "headers", "status", "complete", "missing",
    # a preloaded query's reference (Relay's `loadQuery`, `useQueryLoader`)
    "environment", "fetchKey", "fetchPolicy", "kind", "isDisposed", "networkCacheConfig", "source", "id", "name",
    # what a compiled document becomes (Relay's `getRequest`, `createOperationDescriptor`): no data either
    "request", "fragment", "root", "params", "text", "metadata", "cacheID", "operationKind", "selections",
))
# JavaScript's own members of what GraphQL data is made of, objects and arrays (a list field's `map`, `length`);
# a scalar's members are never asked (the walk stops at a leaf)
JS_MEMBERS = frozenset((
    "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString",
    "valueOf", "length", "at", "concat", "copyWithin", "entries", "every", "fill", "filter", "find", "findIndex",
    "findLast", "findLastIndex", "flat", "flatMap", "forEach", "includes", "indexOf", "join", "keys",
    "lastIndexOf", "map", "pop", "push", "reduce", "reduceRight", "reverse", "shift", "slice", "some", "sort",
    "splice", "toReversed", "toSorted", "toSpliced", "unshift", "values", "with",
))
# a list's methods whose callback's first parameter is one of its items (`edges.map(edge => edge.node)`)
_ITEM_CALLBACKS = frozenset(("map", "forEach", "filter", "find", "findLast", "some", "every", "flatMap",
                             "findIndex", "findLastIndex"))
_TRANSPARENT = frozenset(("parenthesized_expression", "non_null_expression", "await_expression", "as_expression",
                          "satisfies_expression", "type_assertion"))


def graphql_data_sites(doc: ParsedDocument, typed: set[int]) -> list[tuple[Finding, None]]:
    """The findings on GraphQL data of this file (see the module's docstring), each with no declaration (the
    did-you-mean is a field of the selection, not a member of a type of the model). `typed`: the property
    starts whose receiver the analysis types (left to it)."""
    templates = graphql_templates(doc)
    if not any(t.selection is not None for t in templates.values()):
        return []
    sa = scopes_of(doc)
    text = doc.node_text
    # the names bound to a template (`const QUERY = gql`...``), by binding key -> selection
    documents: dict = {}
    hooks = []  # (call node of a hook given a document, its selection)
    for t in templates.values():
        if t.selection is None:
            continue
        value, parent = _outer(t.node)
        if parent is not None and parent.type == "variable_declarator" and parent.child_by_field_name("value") == value:
            name = parent.child_by_field_name("name")
            binding = sa.resolve(name) if name is not None and name.type == "identifier" else None
            if binding is not None and _single(sa, binding):
                documents[binding.key] = t.selection
                for occ in sa.occurrences(binding):
                    if occ.declaration is None and occ.node.parent is not None and occ.node.parent.type == "arguments":
                        hooks.append((occ.node.parent.parent, t.selection))
        elif t.node.parent is not None and t.node.parent.type == "arguments":
            hooks.append((t.node.parent.parent, t.selection))
    roots = []  # (binding, selection, certain): a name holding the data (certain) or the hook's result
    for call, selection in hooks:
        if call is None or call.type != "call_expression":
            continue
        value, parent = _outer(call)
        if parent is None or parent.type != "variable_declarator" or parent.child_by_field_name("value") != value:
            continue
        pattern = parent.child_by_field_name("name")
        if pattern is None or call.child_by_field_name("type_arguments") is not None or \
                parent.child_by_field_name("type") is not None:
            continue  # `useQuery<AppQuery>(...)`, `const data: AppQuery$data = ...`: TypeScript types the data
        if pattern.type == "identifier":
            roots.append((pattern, selection, False))
        elif pattern.type == "array_pattern":
            first = pattern.named_children[0] if pattern.named_children else None
            if first is not None and first.type == "identifier":
                roots.append((first, selection, False))
        elif pattern.type == "object_pattern":
            for entry in pattern.named_children:
                if entry.type == "shorthand_property_identifier_pattern":
                    key, target = text(entry), entry
                elif entry.type == "pair_pattern":
                    k, target = entry.child_by_field_name("key"), entry.child_by_field_name("value")
                    if k is None or target is None or target.type != "identifier":
                        continue
                    key = text(k)
                else:
                    continue
                if key in selection.fields:
                    if selection.fields[key] is not None:
                        roots.append((target, selection.fields[key], True))
                elif key == "data" or key.endswith("Data"):
                    roots.append((target, selection, True))
    out: list[tuple[Finding, None]] = []
    done: set[int] = set()
    seen: set[int] = set()
    while roots:
        name_node, selection, certain = roots.pop(0)
        binding = sa.resolve(name_node)
        if name_node.start_byte in seen or binding is None or not _single(sa, binding):
            continue
        seen.add(name_node.start_byte)
        for occ in sa.occurrences(binding):
            if occ.declaration is None:
                found = _walk(doc, occ.node, selection, certain, typed, roots)
                if found is not None and found.start not in done:
                    done.add(found.start)
                    out.append((found, None))
    return out


def _outer(node):
    """The expression holding `node` through parentheses, `await`, `!` and type assertions, and its parent."""
    while node.parent is not None and node.parent.type in _TRANSPARENT:
        node = node.parent
    return node, node.parent


def _single(sa, binding) -> bool:
    """One declaration, never assigned again: the name holds what it was declared with."""
    if len(binding.declarations) != 1:
        return False
    for occ in sa.occurrences(binding):
        parent = occ.node.parent
        if occ.declaration is None and parent is not None and parent.type in (
                "assignment_expression", "augmented_assignment_expression", "update_expression") and \
                parent.child_by_field_name("left") in (occ.node, None):
            return False
    return True


def _walk(doc: ParsedDocument, node, selection: Selection, certain: bool, typed: set[int],
          roots: list) -> Finding | None:
    """Follow the member chain from a reference to the data (`data.user?.friends?.count`) down the selection;
    the finding on the first member the selection lacks, when it is a near miss of one it has. A list's
    callback (`friends.map(friend => friend.name)`) adds its item parameter to `roots`."""
    while True:
        parent = node.parent
        if parent is None:
            return None
        if parent.type in ("parenthesized_expression", "non_null_expression"):
            node = parent
            continue
        if parent.type == "subscript_expression" and parent.child_by_field_name("object") == node and certain:
            node = parent  # an item of a list field (`edges[0]`): the same selection
            continue
        if parent.type != "member_expression" or parent.child_by_field_name("object") != node:
            return None
        prop = parent.child_by_field_name("property")
        if prop is None or prop.type != "property_identifier" or prop.start_byte in typed:
            return None
        name = doc.node_text(prop)
        if name in selection.fields:
            child = selection.fields[name]
            if child is None:
                return None  # a leaf: a scalar's members are JavaScript's
            selection, certain, node = child, True, parent
            continue
        if not certain and name == "data":
            certain, node = True, parent  # `result.data`: the wrapper's data
            continue
        if name in _ITEM_CALLBACKS:
            # (on the result itself too: a plural fragment's data is a list; a wrapper is no list)
            item = _item_parameter(parent)
            if item is not None:
                roots.append((item, selection, True))
            return None
        if selection.open or name[:1] in ("_", "$") or name in JS_MEMBERS:
            return None
        if not certain and name in WRAPPER_MEMBERS:
            return None
        real = field_near_miss(name, selection)
        if real is None:
            return None
        return _finding(doc, parent.child_by_field_name("object"), prop, name, real, selection)


def _item_parameter(member):
    """The first parameter of the callback given to `list.map(...)` (`member` is `list.map`), an identifier."""
    call = member.parent
    if call is None or call.type != "call_expression" or call.child_by_field_name("function") != member:
        return None
    args = call.child_by_field_name("arguments")
    fn = args.named_children[0] if args is not None and args.named_children else None
    if fn is None or fn.type not in ("arrow_function", "function_expression", "function"):
        return None
    param = fn.child_by_field_name("parameter")
    if param is None:
        params = fn.child_by_field_name("parameters")
        param = params.named_children[0] if params is not None and params.named_children else None
        if param is not None and param.type in ("required_parameter", "optional_parameter"):
            param = param.child_by_field_name("pattern")
    return param if param is not None and param.type == "identifier" else None


def field_near_miss(name: str, selection: Selection) -> str | None:
    """The one field of `selection` that `name` is a near miss of: behind a get/set/is/has prefix (`getUser` of
    `user`), else the unambiguous best scoring at least NEAR_MISS (case, number), else the one field of at
    least TYPO_MIN letters it misspells by one letter (`cont` of `count`, `viweer` of `viewer`). A selection
    holds a few fields, all known: one letter off one of them is that field."""
    fields = [f for f in selection.fields if f[:1] not in ("_", "$")]
    for prefix in sg.ACCESSOR_PREFIXES:
        if name.startswith(prefix) and name[len(prefix):len(prefix) + 1].isupper():
            bare = name[len(prefix)].lower() + name[len(prefix) + 1:]
            if bare in selection.fields:
                return bare
            # `getId` of Relay's `__id`, `getTypename` of `__typename`: the field the name spells, bare
            dunder = [f for f in selection.fields if f.startswith("__") and f.lstrip("_") == bare]
            if len(dunder) == 1:
                return dunder[0]
    if not fields:
        return None
    ranked = sg.rank(name, sorted(fields), "", threshold=NEAR_MISS)
    if ranked:
        return ranked[0][0] if sg.unambiguous(ranked) else None
    near = [f for f in fields if len(f) >= TYPO_MIN and sg.distance(name, f) == 1]
    return near[0] if len(near) == 1 else None


def _finding(doc: ParsedDocument, obj, prop, name: str, real: str, selection: Selection) -> Finding:
    receiver = doc.node_text(obj) if obj is not None else ""
    where = f"{selection.definition}, line {selection.line}" if selection.definition else f"line {selection.line}"
    message = (f"`{receiver}.{name}`: `{name}` is not selected in {where}; did you mean `{real}` (a field it "
               f"selects)?")
    data = {"suggestions": [real], "type": selection.definition, "member": name, "receiver": "graphql",
            "fix": {"title": f"Rename to `{real}`",
                    "edits": [{"start": prop.start_byte, "end": prop.end_byte, "text": real}], "fix_all": False}}
    return Finding("unknown-symbol", message, prop.start_byte, prop.end_byte, Severity.WARNING, data)
