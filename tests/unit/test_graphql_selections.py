"""Round 19 (dev, gqlsel19): GraphQL selection sets as the types of the data they fetch. The file's `graphql` /
`gql` templates are parsed (`syntax.graphql`); a call given one returns that selection's data (or a wrapper
holding it); a member of the data that the selection lacks and that is a near miss of a field it selects is
reported, through the real `unknown-symbol` check, with the field as the did-you-mean and the query as evidence."""

from __future__ import annotations

import json

from lsp_server.document import ParsedDocument
from lsp_server.syntax.graphql import graphql_templates
from tests.support.symbols_helpers import package_workspace, symbol_findings

# any engine the project depends on: the check runs in a workspace with an object model; GraphQL data needs
# nothing of it
TYPES = "export declare function createClient(url: string): Client;\nexport interface Client { close(): void; }\n"
MANIFEST = {"package.json": json.dumps({"name": "app", "dependencies": {"gqlkit": "^1.0.0"}})}


def flags(tmp_path, code: str, rel: str = "src/app.js") -> list[tuple[int, str, str]]:
    ws = package_workspace(tmp_path, "gqlkit", TYPES, {**MANIFEST, rel: code})
    return [(f["line"], f["name"], f["data"]["suggestions"][0]) for f in symbol_findings(ws, rel)]


def selection_of(code: str, index: int = -1):
    doc = ParsedDocument.create("file:///t.js", code, language="javascript")
    templates = sorted(graphql_templates(doc).items())
    return templates[index][1].selection if templates else None


def shape(selection):
    """A selection as nested dicts (None for leaves), `...` for an open object."""
    out = {k: shape(v) if v is not None else None for k, v in selection.fields.items()}
    if selection.open:
        out["..."] = True
    return out


def test_a_selection_is_read_with_aliases_inline_fragments_and_spreads():
    """Response keys (an alias, else the field's name), nested selections, inline fragments (typed or only a
    directive) add their fields, a spread of a fragment the file defines adds its fields, a spread of another
    file's fragment opens the object; the operation's name and line are kept."""
    code = """graphql`fragment Card_user on User { avatar { url } }`;

const q = graphql`
  query ProfileQuery($id: ID!) {
    me: user(id: $id) {
      name
      ...Card_user
      ... on Admin { rights }
      ... @include(if: true) { bio }
      friends { ...Other_user count }
    }
  }
`;
"""
    selection = selection_of(code)
    assert shape(selection) == {"me": {"name": None, "avatar": {"url": None}, "rights": None, "bio": None,
                                       "friends": {"count": None, "...": True}}}
    assert (selection.definition, selection.line) == ("query ProfileQuery", 4)


def test_interpolated_or_unparsable_templates_and_other_tags_give_no_selection():
    """`${...}` (a fragment pasted in), a syntax error, several operations: no selection; a template with another
    tag is no GraphQL."""
    assert selection_of("gql`query A { user { ...F } } ${F}`;") is None
    assert selection_of("graphql`query A { user { name }`;") is None
    assert selection_of("gql`query A { a } query B { b }`;") is None
    assert selection_of("html`query A { user { name } }`;") is None
    assert shape(selection_of("graphql.experimental`fragment X on User { name }`;")) == {"name": None}


def test_relay_style_hooks_results_are_the_data(tmp_path):
    """`useLazyLoadQuery(graphql`...`)` and `useFragment(...)`: the result is the data; near misses of the
    fields at each level (prefix, plural, case, one-letter typo) are reported with the field meant; a selected
    field, optional chaining and a leaf's own members are silent."""
    code = """const data = useLazyLoadQuery(
  graphql`
    query AppQuery($id: ID!) {
      user(id: $id) {
        name
        friends { count }
      }
    }
  `,
  {id: 4},
);
data.user?.name.toUpperCase();
data.users?.name;
data.getUser.name;
data.user?.friends?.cont;
data.user.Friends;
data.user.friends.count;
data.somethingElse;
const fragment = useFragment(graphql`fragment Task_task on Task { title }`, ref);
fragment.titles;
fragment.__typename;
"""
    assert flags(tmp_path, code) == [(13, "users", "user"), (14, "getUser", "user"), (15, "cont", "count"),
                                     (16, "Friends", "friends"), (20, "titles", "title")]


def test_relay_masks_another_file_s_fragment_spreads(tmp_path):
    """Round 19 (gqlprec19, on relay-examples): a template tagged with Relay's `graphql` (imported from
    `react-relay`, `relay-runtime` or the Babel macro) is compiled with data masking: a spread of another file's
    fragment adds none of its fields, so the data stays closed and a near miss beside the spread is reported;
    `@relay(mask: false)` merges the fields in (open), and the same spread under any other `graphql`/`gql` (Apollo,
    Gatsby: merged in) leaves the data open, silent."""
    body = """const todo = useFragment(
  graphql`
    fragment Todo_todo on Todo {
      complete
      text
      ...RemoveTodoMutation_todo
      owner { ...Avatar_user name }
    }
  `,
  ref,
);
todo.texts;
todo.owner.nmae;
"""
    for head in ("import { graphql, useFragment } from 'react-relay';\n",
                 "const { graphql } = require('relay-runtime');\n",
                 "import graphql from 'babel-plugin-relay/macro';\n"):
        assert flags(tmp_path / str(len(head)), head + body) == [(13, "texts", "text"), (14, "nmae", "name")]
    assert flags(tmp_path / "apollo", "import { graphql } from 'gatsby';\n" + body) == []
    assert flags(tmp_path / "bare", "\n" + body) == []  # no import says whose tag it is
    unmasked = body.replace("...RemoveTodoMutation_todo", "...RemoveTodoMutation_todo @relay(mask: false)")
    assert flags(tmp_path / "unmasked", "import { graphql } from 'react-relay';\n" + unmasked) == \
        [(14, "nmae", "name")]
    relay = selection_of("import { graphql } from 'react-relay';\n" + body)
    assert shape(relay) == {"complete": None, "text": None, "owner": {"name": None}}


def test_the_finding_names_the_query_and_its_line(tmp_path):
    ws = package_workspace(tmp_path, "gqlkit", TYPES, {**MANIFEST, "src/app.js": """const data = useLazyLoadQuery(graphql`
  query AppQuery { viewer { name } }
`, {});
data.viewers;
"""})
    [finding] = symbol_findings(ws, "src/app.js")
    assert "not selected in query AppQuery, line 2" in finding["message"] and "`viewer`" in finding["message"]
    assert finding["severity"] == "warning" and finding["data"]["suggestions"] == ["viewer"]


def test_apollo_style_wrappers_through_a_const_bound_to_the_document(tmp_path):
    """`const QUERY = gql`...``; `useQuery(QUERY)` gives `{ data, loading, error }`: `data` is the data; the
    result itself holds the wrapper's members (never reported) and `.data`; an array pattern's first item and a
    `...Data` key of an object pattern are the data too; a destructured selected field is that field's data."""
    code = """const GET_DOGS = gql`
  query GetDogs { dogs { id breed } }
`;
const { loading, error, data } = useQuery(GET_DOGS);
data.dogs.map(dog => dog.bred);
data.dog;
const result = useQuery(GET_DOGS);
result.loading; result.error; result.refetch(); result.networkStatus;
result.data.dogz;
const [items, refetch] = useRefetchableFragment(GET_DOGS, ref);
items.Dogs;
const { updatableData } = store.readUpdatableQuery(GET_DOGS, {});
updatableData.dogs[0].breeds = 'x';
const { dogs } = useQuery(GET_DOGS);
dogs.length; dogs[0].Breed;
"""
    assert flags(tmp_path, code) == [(5, "bred", "breed"), (6, "dog", "dogs"), (9, "dogz", "dogs"),
                                     (11, "Dogs", "dogs"), (13, "breeds", "breed"), (15, "Breed", "breed")]


def test_awaited_requests_and_typescript(tmp_path):
    """graphql-request's `await request(url, gql`...`)` is the data; in TypeScript too (`!` and `as` pass); data
    typed by a type argument or an annotation (the compiler's generated types) is TypeScript's to check."""
    code = """const data = await request(endpoint, gql`query Films { allFilms { films { title } } }`);
data.allFilms.films.forEach(film => console.log(film.titel));
(data as any).allFilm;
data!.allFilms!.film;
const typed = useLazyLoadQuery<FilmsQuery>(graphql`query Films2 { allFilms { films { title } } }`, {});
typed.allFilm;
const annotated: Films2$data = useFragment(graphql`fragment F on Root { allFilms { films { title } } }`, ref);
annotated.allFilm;
"""
    assert flags(tmp_path, code, "src/app.ts") == [(2, "titel", "title"), (4, "film", "films")]


def test_what_stays_silent(tmp_path):
    """Names near no field, an object a spread of another file's fragment opens, `__`/`$` names, a list's own
    methods, a name reassigned, an interpolated or unparsable template, a template given to no call, and a
    document passed inside an options object (`{ query: ... }`: the result's shape is the client's), what a
    compiled document becomes (an operation descriptor's `request`, near the selected `requests`)."""
    code = """const data = useLazyLoadQuery(graphql`query A { user { ...Other_user name } viewer { id } }`, {});
data.user.names;
data.viewer.__id; data.viewer.$fragmentType; data.viewer.toString();
data.totallyUnrelated;
let again = useLazyLoadQuery(graphql`query B { user { name } }`, {});
again = other;
again.users;
const pasted = useQuery(gql`query C { user { ...F } } ${F}`);
pasted.data.users;
const broken = useQuery(gql`query D { user { name }`);
broken.data.users;
const viaOptions = client.query({ query: gql`query E { user { name } }` });
viaOptions.users;
const operation = createOperationDescriptor(graphql`query F { requests { id } }`, {});
operation.request.node;
"""
    assert flags(tmp_path, code) == []


def test_relay_s_generated_fields_aliases_and_plural_fragments(tmp_path):
    """A `@connection` field has what Relay's compiler adds (`pageInfo`, each edge's `cursor`) whether selected
    or not; a fragment `@alias`ed is its data under its own key; a plural fragment's data is a list whose items
    (`data.map(item => ...)`) have the fragment's fields."""
    assert shape(selection_of("""graphql`fragment List_user on User {
  friends(first: 10) @connection(key: "List_friends") { edges { node { name } } }
  ...Card_user @alias(as: "card")
  ... on User @alias(as: "asUser") { bio }
}`;""")) == {"friends": {"edges": {"node": {"name": None}, "cursor": None}, "pageInfo": None}, "card": None,
             "asUser": None}
    code = """const data = usePaginationFragment(graphql`fragment List_user on User {
  friends(first: 10) @connection(key: "List_friends") { edges { node { name } } }
}`, ref).data;
const { data: page } = usePaginationFragment(graphql`fragment Page_user on User {
  friends(first: 10) @connection(key: "Page_friends") { edges { node { name } } }
}`, ref);
page.friends.pageInfo.hasNextPage;
page.friends.edges.map(edge => edge.cursor + edge.node.names);
const items = useFragment(graphql`fragment Items_item on Item @relay(plural: true) { label }`, refs);
items.map(item => item.labels);
"""
    assert flags(tmp_path, code) == [(8, "names", "name"), (10, "labels", "label")]


def test_graphql_core_is_imported_only_by_a_file_with_a_graphql_template(monkeypatch):
    """Startup matters: graphql-core is reached (`_parser`, which imports it on first use) only for a file that
    has a `graphql`/`gql` template; other tagged templates and a `graphql(...)` call do not reach it."""
    from lsp_server.syntax import graphql as module
    asked = []
    real = module._parser
    monkeypatch.setattr(module, "_parser", lambda: asked.append(1) or real())
    plain = ParsedDocument.create("file:///a.js", "const html = tag`<p>${x}</p>`; graphql(schema); gql;",
                                  language="javascript")
    assert graphql_templates(plain) == {} and asked == []
    templated = ParsedDocument.create("file:///b.js", "graphql`query A { a }`;", language="javascript")
    assert len(graphql_templates(templated)) == 1 and asked == [1]
