"""Doc files -> `DocChunk`s: the unit the docs index stores and `lookup_docs` returns.

Markdown, plain text and HTML are chunked by heading section, the heading path being the chunk's title;
a code block is never split; a long section is split at block boundaries with one block of overlap.
JSDoc/TSDoc comments of `.d.ts`/`.ts`/`.js` sources become one chunk per documented declaration, titled
with its qualified name (`Table.addRow`). Every chunk records its file, 0-based line range, heading path
and the identifiers it mentions; the chunk that opens a section also its *lead*: the section's own heading
and the first paragraph of prose under it (`.undo()` + "Takeback the last half-move, returning a move
object..."), what the section says it is about. Pure: no index, no whoosh.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from lsp_server import languages

MAX_CHUNK_CHARS = 1800  # a longer section is split (code blocks stay whole even when longer)
# With a length here, a run of prose lines with no blank line between them longer than it (a changelog, a table
# of contents: exceljs's 90 KB release-history list is one chunk) is split at line boundaries into blocks of
# half a chunk, as paragraphs are. Off (0): measured in round 10 (tests/corpus/engines/howto_cv, "long prose
# split (not shipped)"), it lost on the packages left out against demoting changelog sections at query time
# (lookup.demote_changelogs), which answers the same noise
LONG_PROSE_CHARS = 0
# A Markdown table longer than `TABLE_SPLIT_CHARS` is split between its rows (`_split_table`): a generated
# reference table (one row per member: a whole class's fields or methods) was one chunk of up to 100,000
# characters holding nearly every word, first in grep's ranking for any question. Rows are what such a table
# lists: a few of them per chunk, as a long section's paragraphs are. An options table of a few kilobytes still
# answers as one (the long-prose split's threshold, `LONG_PROSE_CHARS`' measured variant). Off: measured, not
# shipped (round 20 after its held-out run: @lion/ui's 60 questions 26 -> 28 over its own docs alone, but 10 -> 8
# among every dev package's docs, 15 -> 12 beside the thesaurus words: docs/evaluation/after-runs.md, howto20)
SPLIT_TABLES = False
TABLE_SPLIT_CHARS = 4 * MAX_CHUNK_CHARS
_TABLE_ROW = re.compile(r"^\s*\|")
HEADING_SEP = " › "

MARKDOWN_EXTS = (".md", ".markdown", ".mdx")
TEXT_EXTS = (".txt", ".rst", ".text")
HTML_EXTS = (".html", ".htm")
CODE_EXTS = (".d.ts", ".ts", ".mts", ".cts", ".js", ".mjs", ".cjs")
DOC_EXTS = MARKDOWN_EXTS + TEXT_EXTS + HTML_EXTS + CODE_EXTS

IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_JS_WORDS = frozenset(
    "const let var function return new this await async if else for while of in true false null undefined "
    "import export from class extends typeof instanceof void delete throw try catch finally switch case "
    "break continue default do yield static get set declare interface type enum readonly public private "
    "protected abstract implements namespace module keyof infer never unknown any string number boolean "
    "object symbol bigint console log js ts".split())


@dataclass(frozen=True)
class DocChunk:
    path: Path
    start_line: int  # 0-based, inclusive
    end_line: int  # 0-based, inclusive
    heading: str  # heading path, outermost first, joined with HEADING_SEP
    text: str
    identifiers: tuple[str, ...] = ()
    kind: str = "prose"  # "prose" | "api" (a doc comment of a declaration)
    lead: str = ""  # the section's heading and first paragraph of prose (`lead_of`); "" on later chunks
    # what the page is titled besides its heading path: a tag page's documented name and title
    # (`can-define/list/list.prototype.update update`, `_tag_page`), on every chunk of the page; "" elsewhere
    title_words: str = ""


@dataclass
class _Line:
    text: str
    code: bool = False  # inside a code block (fences included)
    heading: tuple[int, str] | None = None  # (level, title)
    underline: bool = False  # the ==== / ---- line under a setext heading
    front: bool = False  # the page's front matter (its description and keywords: `_front_matter`)
    tag: str = ""  # a documentation tag line of a tag page (`description`, `param`: `_tag_page`), its text as shown


@dataclass
class _Block:
    start: int
    end: int  # inclusive
    code: bool
    lines: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(len(x) + 1 for x in self.lines)


def is_doc_file(path: str | Path) -> bool:
    return str(path).lower().endswith(DOC_EXTS)


def chunk_file(path: Path, text: str) -> list[DocChunk]:
    """The chunks of one doc file, by its extension."""
    name = path.name.lower()
    if name.endswith(CODE_EXTS):
        return chunk_source(path, text)
    if name.endswith(HTML_EXTS):
        return _sections(path, _html_lines(text))
    if name.endswith(TEXT_EXTS):
        return _sections(path, _markdown_lines(text, setext_only=True))
    lines, title = _front_matter(text.splitlines())
    body = _markdown_lines("\n".join(text.splitlines()[len(lines):]), mdx=name.endswith(".mdx"))
    title_words = None if lines else _tag_page(body)
    if title_words is not None:
        return _sections(path, body, path.stem, title_words)
    return _sections(path, lines + body, title)


# --- identifiers ------------------------------------------------------------------------------------------
def identifiers_in(text: str, code_lines: str = "") -> tuple[str, ...]:
    """Identifiers a chunk mentions: names in code spans and code blocks (dotted names also by part), and
    camelCase / PascalCase / snake_case words in prose. Order of first mention, no duplicates."""
    found: dict[str, None] = {}

    def add(name: str) -> None:
        if name.lower() in _JS_WORDS or len(name) < 2:
            return
        found.setdefault(name, None)

    def add_code(code: str) -> None:
        for m in IDENT.finditer(code):
            name = m.group(0)
            add(name)
            if "." in name:
                for part in name.split("."):
                    add(part)

    for m in _CODE_SPAN.finditer(text):
        add_code(m.group(1))
    add_code(code_lines)
    for m in IDENT.finditer(_CODE_SPAN.sub(" ", text)):
        name = m.group(0)
        dotted = "." in name and re.search(r"[A-Z]", name) and all(len(p) >= 2 for p in name.split("."))
        if dotted:
            add(name)
        for part in name.split("."):
            if dotted or re.search(r"[a-z][A-Z]|_[a-zA-Z]|^[A-Z][a-z]+[A-Z]", part):
                add(part)
    return tuple(found)


def subject_symbols(chunk: DocChunk) -> tuple[str, ...]:
    """The API names a chunk is *about* (not merely mentions): the code-like names of its own heading
    (`Table.addRow(options) → Row` -> `Table.addRow`, `addRow`; parameter lists and return types left out),
    or the qualified name of the declaration a doc comment documents."""
    last = chunk.heading.split(HEADING_SEP)[-1]
    if chunk.kind == "api":
        names = [last] if IDENT.fullmatch(last) else []
    else:
        last = re.split(r"\s+(?:→|->|:)\s+", re.sub(r"\([^)]*\)", "", last))[0]
        words = IDENT.findall(last)
        names = [w for w in words if "." in w or re.search(r"[a-z][A-Z]|_", w)
                 or (len(words) <= 2 and w[:1].isupper() and w.lower() not in _JS_WORDS)]
    out: dict[str, None] = {}
    for name in names:
        out.setdefault(name, None)
        if "." in name:
            out.setdefault(name.rsplit(".", 1)[-1], None)
    return tuple(out)


# --- Markdown / text --------------------------------------------------------------------------------------
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_SETEXT = re.compile(r"^\s{0,3}(=+|-+)\s*$")


COMPONENT_MARKUP = True  # JSX component tags and MDX import lines read as markup, not words (`_components`)
_COMPONENT_TAG = re.compile(r"</?[A-Z][\w.]*(?:\s+(?:[^<>\"']|\"[^\"]*\"|'[^']*')*?)?\s*/?>")
_COMPONENT_OPEN = re.compile(r"^\s*<[A-Z][\w.]*(?:\s|$)(?:[^<>\"']|\"[^\"]*\"|'[^']*')*$")  # a tag left open
_SHOWN_ATTR = re.compile(r"\b(?:title|label|name|path|description)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
# A component's props given as a JS object literal (`<TypeTable type={{ thread: { description: 'The thread where
# the mention occurred.', type: 'Thread' } }} />`, `<PropertiesTable content={[{ name: 'api', description: '...' }]}
# />`): the reference table a docs site renders from it, whose descriptions a reader sees as the section's prose. Read
# like `_SHOWN_ATTR`'s attributes (`key: 'value'` instead of `key="value"`); the other keys (`type: 'Thread'`,
# `isOptional: true`) are the table's markup. A tag of up to 20 lines was read as no text at all (a longer one
# stays as its raw lines). Off: measured, not shipped (round 27 after its held-out run: chat's 60 questions 19 -> 19
# in both columns, two found ones a place lower; a fixed sample of 300 other dev questions unchanged; howto27)
OBJECT_PROPS_SHOWN = False
_SHOWN_PROP = re.compile(r"\b(?:title|label|name|description)\s*:\s*(?:\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'"
                         r"|`([^`]*)`)")
_MDX_ESM = re.compile(r"^(?:import\s+(?:[\w${},*\s]+\s+from\s+)?[\"']|export\s+(?:const|default|function)\b)")
_FENCE_ATTR = re.compile(r"\s+[\w-]+=(?:\"[^\"]*\"|'[^']*'|\S+)")
# HTML tags in a Markdown prose line read as markup too (`_html_markup`): the site's wrappers and links
# (`<div class="docs-codepen-container">`, `<a class="codepen-logo-link" href="..."><img src="...icon.svg"
# alt="edit on codepen button"></a>`) are not the section's words (round 22: 391 -> 395 of 1,065 dev questions;
# docs/evaluation/after-runs.md, "Round 22 after the held-out run: howto22")
HTML_MARKUP = True
_HTML_OPENS = re.compile(r"^\s*</?[a-z][a-z0-9-]*(?=[\s>/]|$)")
_HTML_TAG = re.compile(r"</?[a-z][a-z0-9-]*(?:\s+(?:[^<>\"']|\"[^\"]*\"|'[^']*')*?)?\s*/?>|<!--.*?-->")


def _shown(tag: str) -> str:
    """What a reader sees of a component tag: the values of its title-like attributes (`<Tab title="Linux">`,
    `<ParamField path="--watch">`) and of the same keys in its object-literal props (`OBJECT_PROPS_SHOWN`),
    nothing of the rest (`type`, `icon`, `href`)."""
    shown = [a or b for a, b in _SHOWN_ATTR.findall(tag)]
    if OBJECT_PROPS_SHOWN and "={" in tag:
        shown += [re.sub(r"\\(.)", r"\1", a or b or c) for a, b, c in _SHOWN_PROP.findall(tag)]
    return " ".join(shown)


def _components(line: str, mdx: bool) -> str | None:
    """A prose line of Markdown/MDX with its JSX component markup as a reader sees it, or None when it holds
    none: a line that opens with a capitalised tag (`<Note>`, `</Tabs>`, `<Tab title="npm">`,
    `<Note>text</Note>`) keeps its text and shown attributes only; in `.mdx`, an ESM `import`/`export` line
    is no text at all. Component names and attributes (`Note`, `CodeGroup`, `icon`, `type`) are the site
    generator's, not the docs' words. A capitalised word in angle brackets inside a sentence
    (`returns a Promise<Response>`) is left alone."""
    if not COMPONENT_MARKUP:
        return None
    if mdx and _MDX_ESM.match(line):
        return ""
    if not re.match(r"\s*</?[A-Z]", line):
        return None
    return _COMPONENT_TAG.sub(lambda m: " " + _shown(m.group(0)) + " ", line).strip()


def _html_markup(line: str) -> str | None:
    """A prose line of Markdown that opens with an HTML tag (`<div class="callout">`, `<p>`, `<a href=...>`,
    `</div>`) as a reader sees it, or None for any other line: its text, entities decoded (`&lt;button&gt;`),
    and its tags' title-like attributes only (`_shown`); class names, URLs, image paths and data attributes
    are the page's markup, not its words. Like `_components`: a tag inside a sentence (`a Map<string, T>`)
    leaves the line alone."""
    if not HTML_MARKUP or not _HTML_OPENS.match(line):
        return None
    shown = _HTML_TAG.sub(lambda m: " " + _shown(m.group(0)) + " ", line)
    return html.unescape(re.sub(r"[ \t]{2,}", " ", shown)).strip()


def _markdown_lines(text: str, setext_only: bool = False, mdx: bool = False) -> list[_Line]:
    raw = text.splitlines()
    out: list[_Line] = []
    fence: str | None = None
    open_tag: list[str] = []  # the lines of a component tag spanning several lines, until its `>`
    for i, line in enumerate(raw):
        m = _FENCE.match(line)
        if fence is not None:
            out.append(_Line(line, code=True))
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if open_tag:
            open_tag.append(line)
            closed = _COMPONENT_TAG.match(" ".join(x.strip() for x in open_tag))
            out.append(_Line(""))
            if closed:
                out[-len(open_tag)] = _Line(_shown(closed.group(0)))
                open_tag = []
            elif len(open_tag) > 20:  # not a tag after all: the lines as they were
                for k, text_k in enumerate(open_tag):
                    out[len(out) - len(open_tag) + k] = _Line(text_k)
                open_tag = []
            continue
        if m and not setext_only:
            fence = m.group(1)
            # a fence's display attributes (`icon="terminal"`, `showLineNumbers`) are not its code
            out.append(_Line(_FENCE_ATTR.sub("", line) if COMPONENT_MARKUP else line, code=True))
            continue
        if not setext_only and COMPONENT_MARKUP and _COMPONENT_OPEN.match(line):
            open_tag = [line]
            out.append(_Line(""))
            continue
        shown = None if setext_only else _components(line, mdx)
        if shown is None and not setext_only:
            shown = _html_markup(line)
        if shown is not None:
            out.append(_Line(shown))
            continue
        h = None if setext_only else _ATX.match(line)
        if h:
            out.append(_Line(line, heading=(len(h.group(1)), _clean_heading(h.group(2)))))
            continue
        under = _SETEXT.match(line)
        if under and out and out[-1].text.strip() and out[-1].heading is None and not out[-1].code \
                and i >= 1 and (i < 2 or not raw[i - 2].strip() or setext_only) and len(under.group(1)) >= 3:
            prev = out[-1]
            prev.heading = (1 if under.group(1)[0] == "=" else 2, _clean_heading(prev.text))
            out.append(_Line(line, underline=True))
            continue
        out.append(_Line(line))
    return out


FRONT_MATTER = True  # a Markdown page's YAML front matter read as its title and description (`_front_matter`)
_FRONT_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:\s*(.*)$")
_FRONT_TEXT_KEYS = ("description", "summary")  # keys whose value is the page's prose: kept as the intro's text
_FRONT_TITLE_KEYS = ("title", "name")  # the page's title, in this order
# keys whose value is a list of the page's subjects (`keywords: [retaining, garbage collection]`, a YAML block or
# flow list, or a comma-separated string): kept as a line of text after the description, read as the lead too
# Measured, not shipped (round 19 after its held-out run: 351 -> 351 of 885, MRR 0.283 -> 0.282; howto_cv's
# "round 19's front matter (not shipped)"), with `LEAD_AFTER_FRONT`
FRONT_KEYWORDS = False
_FRONT_LIST_KEYS = ("keywords", "tags")


def _front_matter(raw: list[str]) -> tuple[list[_Line], str]:
    """A Markdown page's YAML front matter (`---` on the first line, `key: value` lines, `---` or `...`): its
    lines (one `_Line` per line, so line numbers hold), the description's value as their only text, and the
    page's title (`title:`, else `name:`). Static-site docs (Mintlify, Docusaurus, Nextra, agent skill pages)
    name a page there, not with a `#` heading; read as text, the keys (`title`, `description`, `icon`) were
    words of the page's first section under a heading made of the file's name. ([], "") without one."""
    if not FRONT_MATTER or not raw or raw[0].strip() != "---":
        return [], ""
    end = next((i for i in range(1, min(len(raw), 200)) if raw[i].strip() in ("---", "...")), None)
    if end is None:
        return [], ""
    fields: dict[str, str] = {}
    key = None
    for line in raw[1:end]:
        m = _FRONT_KEY.match(line)
        if m and not line[:1].isspace():
            key = m.group(1).lower()
            fields[key] = m.group(2).strip()
        elif line.strip() and key is None:
            return [], ""  # not `key: value` lines: a thematic break, not front matter
        elif key is not None and line.strip():
            fields[key] = (fields[key] + " " + line.strip()).strip()  # a folded value's continuation

    def value(k: str) -> str:
        v = fields.get(k, "")
        v = re.sub(r"^[>|][-+]?\s*", "", v)  # a block scalar's indicator
        return v[1:-1].strip() if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"" else v

    title = next((value(k) for k in _FRONT_TITLE_KEYS if value(k)), "")
    texts = [" ".join(value(k) for k in _FRONT_TEXT_KEYS if value(k))]
    if FRONT_KEYWORDS:
        texts.append(", ".join(dict.fromkeys(w for k in _FRONT_LIST_KEYS for w in _yaml_list(value(k)))))
    lines = [_Line("") for _ in range(end + 1)]
    for n, text in enumerate(t for t in texts if t):  # on the front matter's own lines: line numbers hold
        lines[min(1 + n, end - 1)] = _Line(text if n < end - 1 else lines[end - 1].text + " " + text, front=True)
    return lines, _clean_heading(title)


def _yaml_list(value: str) -> list[str]:
    """The items of a front-matter list value as `_front_matter` joins it: a block list's `- a - b` (its lines
    joined), a flow list's `[a, b]`, or a comma-separated string; quotes dropped."""
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        items = value[1:-1].split(",")
    elif value.startswith("- ") or value == "-":
        items = re.split(r"(?:^|\s)-\s+", value)
    else:
        items = value.split(",")
    return [i.strip().strip("'\"").strip() for i in items if i.strip().strip("'\"").strip()]


def _clean_heading(title: str) -> str:
    title = re.sub(r"`([^`]*)`", r"\1", title)
    title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)
    return re.sub(r"\s+", " ", title).strip()


# --- tag pages (DocumentJS / bit-docs) -------------------------------------------------------------------------
# A Markdown page written in JSDoc's block tags, as DocumentJS and bit-docs read them (the CanJS, DoneJS and StealJS
# docs): it opens with the tag naming what it documents (`@function can-define/list/list.prototype.update update`:
# kind, `{type}`, name, title), then `@parent`, `@description <one line>`, `@signature \`list.update(items)\``,
# `@param {Array} items ...`, `@return ...`, `@body`, and links written `[name title]`; most such pages have no
# Markdown heading. Read as a reader of the rendered page sees it (`_tag_page`): the tag words are markup, not the
# page's words; the name and title are what the page is titled (`DocChunk.title_words`), under the file's name as
# the page's root heading (its subsections read `prototype.push › Use`); the description is its lead.
# Off: measured, not shipped (round 38 after its held-out run: can-define's 60 questions 11 -> 11 in both columns,
# grep 3 -> 2; the whole dev set not measured, which a change of how pages are split needs; docs/evaluation.md,
# howto38). Turning it on changes how pages are split and titled: bump docs_index.FORMAT with it
TAG_PAGES = False
_PAGE_TAGS = ("function", "module", "property", "typedef", "page", "constructor", "prototype", "static", "class",
              "interface", "event", "mixin", "namespace", "callback", "add", "method")
_DOC_TAG = re.compile(r"^\s*@([a-z][a-zA-Z]*)\b[ \t]*(.*)$")
_TAG_TYPE = re.compile(r"^\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}\s*")
# tags that only place or decorate the page (its parent in the site's tree, a live-demo button, where the body
# starts): no words of the page
_MARKUP_TAGS = frozenset("parent codepen demo body hide group highlight inherits package test collection "
                         "sourceref iframe outline templaterender release deprecated alias link".split())
_TAG_LINK = re.compile(r"(?<![!\]])\[([^\[\]\s`]+)(?:\s+([^\[\]]+))?\](?![(\[:])")


def _tag_page(lines: list[_Line]) -> str | None:
    """A tag page's title words (its first tag's name and title: `can-define/list/list.prototype.update update`),
    its tag lines rewritten in place as shown (`@description Sets ...` -> `Sets ...`, `@param {Object} props
    The ...` -> `{Object} props The ...`, `@parent x` -> nothing) and its `[name title]` links as their title
    (`[can-define/map/map.prototype.assign .assign()]` -> `.assign()`); None (lines untouched) for any page
    that does not open with a tag naming what it documents (`_PAGE_TAGS`)."""
    if not TAG_PAGES:
        return None
    first = next((ln for ln in lines if ln.text.strip()), None)
    m = _DOC_TAG.match(first.text) if first is not None and not first.code and first.heading is None else None
    if m is None or m.group(1) not in _PAGE_TAGS:
        return None
    words = ""
    for ln in lines:
        if ln.code or ln.heading is not None:
            continue
        t = _DOC_TAG.match(ln.text)
        if t:
            tag, rest = t.group(1), t.group(2)
            if ln is first:
                words = _TAG_TYPE.sub("", rest).strip()  # the name and title, the type left out
                ln.text, ln.tag = "", tag
                continue
            ln.tag = tag
            ln.text = "" if tag.lower() in _MARKUP_TAGS else rest
        ln.text = _TAG_LINK.sub(lambda k: k.group(2) or k.group(1), ln.text)
    return words


# --- HTML -------------------------------------------------------------------------------------------------
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<!--.*?-->|<!DOCTYPE[^>]*>", re.S)
_SKIP_ELEMENTS = ("script", "style", "head")


def _html_lines(text: str) -> list[_Line]:
    """HTML -> lines at their original line numbers: tags stripped (code kept), h1-h6 as headings,
    <pre> content as code, entities decoded."""
    # Remove skipped elements but keep their newlines, so line numbers still match the file.
    for name in _SKIP_ELEMENTS:
        text = re.sub(rf"<{name}\b.*?</{name}\s*>", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.I)
    pre_spans = [m.span() for m in re.finditer(r"<pre\b.*?</pre\s*>", text, re.S | re.I)]

    def inline_code(m: re.Match) -> str:
        if any(s <= m.start() < e for s, e in pre_spans):
            return m.group(0)
        return "`" + m.group(1) + "`"

    # Inline <code> outside <pre> becomes a Markdown code span, so its identifiers count as code.
    text = re.sub(r"<code\b[^>]*>([^<]*)</code\s*>", inline_code, text, flags=re.I)
    line_of = _line_starts(text)
    code_lines: set[int] = set()
    headings: dict[int, tuple[int, str]] = {}
    for m in re.finditer(r"<pre\b[^>]*>(.*?)</pre\s*>", text, re.S | re.I):
        code_lines.update(range(_line_at(line_of, m.start()), _line_at(line_of, m.end()) + 1))
    for m in re.finditer(r"<h([1-6])\b[^>]*>(.*?)</h\1\s*>", text, re.S | re.I):
        title = html.unescape(_TAG.sub("", m.group(2)))
        headings[_line_at(line_of, m.start())] = (int(m.group(1)), _clean_heading(title))
    stripped = _TAG.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    out = []
    for i, line in enumerate(stripped.split("\n")):
        line = html.unescape(line)
        out.append(_Line(line if i in code_lines else line.strip(), code=i in code_lines, heading=headings.get(i)))
    if out and out[-1].text == "" and text.endswith("\n"):
        out.pop()
    return out


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer("\n", text))
    return starts


def _line_at(starts: list[int], offset: int) -> int:
    import bisect

    return bisect.bisect_right(starts, offset) - 1


# --- sections -> chunks -----------------------------------------------------------------------------------
def _sections(path: Path, lines: list[_Line], title: str = "", title_words: str = "") -> list[DocChunk]:
    """A page's heading sections as chunks. Before the first heading, the page's `title` (its front matter's)
    or else the file's name heads the section; a titled page without a level-1 heading of its own has the
    title as its root, so that its sections read `Title › Section` like a page that opens with `# Title`.
    `title_words`: what else the page is titled (a tag page's name and title), given to each chunk."""
    chunks: list[DocChunk] = []
    root = title and not any(ln.heading is not None and ln.heading[0] == 1 for ln in lines)
    stack: list[tuple[int, str]] = [(0, title)] if root else []
    start = 0
    title_path = title or path.stem

    def flush(end: int) -> None:
        body = [i for i in range(start, end)
                if lines[i].text.strip() and lines[i].heading is None and not lines[i].underline]
        if not body or (not stack and all(_navigation(lines[i].text) for i in body)):
            return
        heading = HEADING_SEP.join(t for _, t in stack) or title_path
        chunks.extend(_split(path, heading, lines, start, end - 1, title_words))

    for i, line in enumerate(lines):
        if line.heading is None:
            continue
        # A setext heading's underline belongs to the heading line before it.
        flush(i)
        level, title = line.heading
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, title))
        start = i
    flush(len(lines))
    return chunks


# A page's navigation above its first heading, as reference generators write it (TypeDoc's Markdown:
# `[**pkg**](../README.md)`, `***`, `[pkg](../README.md) / Cart`): links to the pages above it, thematic breaks
# and the trail's last step, the page's own name. No words of the page: made a chunk (titled with the file's
# name), it was a few words long and ranked first for any question naming the page's thing ("the cart": `Cart`),
# one such chunk on each of hundreds of pages
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\([^)\s]*\)")
_TRAIL = re.compile(r"^\s*(?:(?:LINK)\s*[/›»>|]\s*)+[^\[\]()/›»>|]*$".replace("LINK", _LINK.pattern))


def _navigation(text: str) -> bool:
    """A line of a page's navigation (`_LINK`, `_TRAIL`): only links, a thematic break, or a breadcrumb trail
    (links separated by `/`, `›`, `>`, `|`, then the current page's name)."""
    if _BREAK.match(text) or _TRAIL.match(text):
        return True
    rest = _LINK.sub("", text)
    return rest != text and not re.sub(r"[\s/›»>|·•-]", "", rest)


def _split(path: Path, heading: str, lines: list[_Line], first: int, last: int,
           title_words: str = "") -> list[DocChunk]:
    """One section -> one chunk, or several at block boundaries with one block of overlap."""
    while last > first and not lines[last].text.strip():
        last -= 1
    blocks: list[_Block] = []
    for i in range(first, last + 1):
        line = lines[i]
        blank = not line.text.strip() and not line.code
        if blank:
            continue
        prev = blocks[-1] if blocks else None
        if prev is not None and prev.end == i - 1 and prev.code == line.code:
            prev.lines.append(line.text)  # a code block is one block: never split inside it
            prev.end = i
        else:
            blocks.append(_Block(i, i, line.code, [line.text]))
    if not blocks:
        return []
    if LONG_PROSE_CHARS:
        blocks = [part for b in blocks for part in _split_long_prose(b)]
    if SPLIT_TABLES:
        blocks = [part for b in blocks for part in _split_table(b)]
    total = sum(b.size for b in blocks)
    if total <= MAX_CHUNK_CHARS or len(blocks) == 1:
        return [_chunk(path, heading, lines, first, last, title_words=title_words)]
    pieces: list[list[_Block]] = []
    current: list[_Block] = []
    size = 0
    for b in blocks:
        if current and size + b.size > MAX_CHUNK_CHARS:
            pieces.append(current)
            overlap = current[-1] if current[-1].size <= MAX_CHUNK_CHARS // 2 and len(current) > 1 else None
            current = [overlap] if overlap else []
            size = overlap.size if overlap else 0
        current.append(b)
        size += b.size
    if current:
        pieces.append(current)
    out = []
    for n, piece in enumerate(pieces):
        s = first if n == 0 else piece[0].start
        out.append(_chunk(path, heading, lines, s, piece[-1].end, opens=n == 0, title_words=title_words))
    return out


def _split_long_prose(block: _Block) -> list[_Block]:
    """A prose block longer than `LONG_PROSE_CHARS` as blocks of about half a chunk, at line boundaries."""
    if block.code or block.size <= LONG_PROSE_CHARS:
        return [block]
    out: list[_Block] = []
    for n, text in enumerate(block.lines):
        i = block.start + n
        if out and out[-1].size + len(text) + 1 <= MAX_CHUNK_CHARS // 2:
            out[-1].lines.append(text)
            out[-1].end = i
        else:
            out.append(_Block(i, i, False, [text]))
    return out


def _split_table(block: _Block) -> list[_Block]:
    """A prose block that is a Markdown table (every line a `|` row) longer than `TABLE_SPLIT_CHARS`, as blocks
    of about half a chunk at row boundaries (a row longer than that is a block of its own). Anything else as it
    was."""
    if block.code or block.size <= TABLE_SPLIT_CHARS or not all(_TABLE_ROW.match(x) for x in block.lines):
        return [block]
    out: list[_Block] = []
    for n, text in enumerate(block.lines):
        i = block.start + n
        if out and out[-1].size + len(text) + 1 <= MAX_CHUNK_CHARS // 2:
            out[-1].lines.append(text)
            out[-1].end = i
        else:
            out.append(_Block(i, i, False, [text]))
    return out


def _chunk(path: Path, heading: str, lines: list[_Line], first: int, last: int, opens: bool = True,
           title_words: str = "") -> DocChunk:
    text = "\n".join(lines[i].text for i in range(first, last + 1))
    code = "\n".join(lines[i].text for i in range(first, last + 1) if lines[i].code)
    lead = lead_of(heading, [ln for ln in lines[first:last + 1] if ln.heading is None and not ln.underline]) \
        if opens else ""
    return DocChunk(path, first, last, heading, text, identifiers_in(heading + "\n" + text, code), lead=lead,
                    title_words=title_words)


MAX_LEAD_CHARS = 600
# A reference generator's signature line under a member's heading, a blockquote restating the member's name in bold
# (TypeDoc's Markdown: `### clearError()` then `> **clearError**(\`error\`): \`Promise\`<...>`, `### styles?` then
# `> \`optional\` **styles?**: ...`), and its modifier tags on a line of their own (`**\`Alpha\`**`): the signature
# says what the heading says, the sentence after it what the member does ("Clear errors that have been collected
# from previous calls."): skipped like code, so that sentence is the lead
_SIGNATURE_QUOTE = re.compile(r"^\s*>\s*(?:`[^`\n]+`\s+)*\*\*(?:new\s+)?([A-Za-z_$][\w$.]*)\??\*\*")
_BREAK = re.compile(r"^\s{0,3}([-*_])(?:\s*\1){2,}\s*$")  # a thematic break (`***`, `---`): no words
_MODIFIER_TAG = re.compile(r"^\s*\*\*`[A-Za-z][\w-]*`\*\*\s*$")
LEAD_PROSE_ONLY = True  # lists and tables are skipped, not read as the lead (measured: tests/corpus/engines/howto_cv)
_LIST_OR_TABLE = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|\|)")
_MARKUP = re.compile(r"<!--.*?-->|<[^>]+>|!\[[^\]]*\]\([^)]*\)|\]\([^)]*\)|[\[\]`⬆]")


# the lead of a page's first section goes on from its front matter's description (a site generator's one-liner:
# "Relay guide to retaining queries") to the page's own first paragraph
# (measured with `FRONT_KEYWORDS`, not shipped: off)
LEAD_AFTER_FRONT = False


def lead_of(heading: str, lines: list[_Line]) -> str:
    """A section's lead: its own heading (the last part of the path) and its first paragraph of prose (the
    lines up to the first blank line, code block, list, table or JSDoc tag; at most `MAX_LEAD_CHARS`),
    markup dropped. An API reference whose headings are bare signatures (`.in_stalemate()`) says what each
    member does in the sentence under it; a guide's section in its opening paragraph. A list or table
    before it is skipped like code: a table of contents (a list of every section's name) or an options
    table describes no one thing."""
    para: list[str] = []
    front = False  # the paragraph so far is the page's front matter (`_Line.front`)
    own = heading.split(HEADING_SEP)[-1]
    for line in lines:
        if not para and not line.code and _restates_signature(line.text, own):
            continue
        # code, lists and tables are not the section's description (a table of contents is a list of links)
        if line.code or not line.text.strip() or line.text.lstrip().startswith("@") or _BREAK.match(line.text) or \
                (line.tag and line.tag != "description") or \
                (LEAD_PROSE_ONLY and _LIST_OR_TABLE.match(line.text)):  # a JSDoc tag ends it too (but a
            # tag page's `@description`, which is its first paragraph)
            if para and not (front and LEAD_AFTER_FRONT):
                break
            continue
        if para and front and not line.front:
            front = False  # the page's own first paragraph after its front matter's description
        elif not para:
            front = line.front
        para.append(line.text.strip())
    text = own + "\n" + " ".join(para)[:MAX_LEAD_CHARS]
    return re.sub(r"[ \t]+", " ", _MARKUP.sub(" ", text)).strip()


def _restates_signature(text: str, own: str) -> bool:
    """A line before a section's first paragraph that only restates its heading: a blockquoted signature naming
    the heading's member in bold (`_SIGNATURE_QUOTE`) or a modifier tag alone on its line (`_MODIFIER_TAG`)."""
    if _MODIFIER_TAG.match(text):
        return True
    m = _SIGNATURE_QUOTE.match(text)
    return bool(m) and m.group(1).rsplit(".", 1)[-1] in IDENT.findall(own)


# --- JSDoc / TSDoc in sources -----------------------------------------------------------------------------
_DECL_TYPES = {
    "class_declaration", "abstract_class_declaration", "interface_declaration", "enum_declaration",
    "function_declaration", "function_signature", "type_alias_declaration", "lexical_declaration",
    "variable_declaration", "method_definition", "method_signature", "abstract_method_signature",
    "public_field_definition", "property_signature", "enum_assignment", "property_identifier",
    "module", "internal_module", "ambient_declaration", "field_definition", "construct_signature",
}
_CONTAINERS = {"class_declaration", "abstract_class_declaration", "interface_declaration", "enum_declaration",
               "module", "internal_module", "class"}


def chunk_source(path: Path, text: str) -> list[DocChunk]:
    """One chunk per `/** ... */` comment, titled with the qualified name of the declaration it documents."""
    lang = languages.language_for_path(path)
    if lang is None:
        return []
    source = text.encode("utf-8")
    tree = languages.parser(lang).parse(source)
    chunks: list[DocChunk] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "comment":
            comment = source[node.start_byte:node.end_byte].decode("utf-8", "replace")
            if comment.startswith("/**"):
                chunk = _doc_comment_chunk(path, node, comment, source)
                if chunk is not None:
                    chunks.append(chunk)
            continue
        stack.extend(reversed(node.children))
    chunks.sort(key=lambda c: c.start_line)
    return chunks


def _doc_comment_chunk(path: Path, node, comment: str, source: bytes) -> DocChunk | None:
    body = _comment_text(comment)
    if not body.strip():
        return None
    decl = node.next_named_sibling
    while decl is not None and decl.type == "comment":
        decl = decl.next_named_sibling
    name = _decl_name(decl, source) if decl is not None else None
    if decl is not None and decl.start_point[0] > node.end_point[0] + 1:
        name = None  # a blank line between: a free-standing comment, not this declaration's doc
    last = node.end_point[0]
    signature = ""
    if name:
        qualified = ".".join([*_containers(decl, source), name])
        line = source[decl.start_byte:].split(b"\n", 1)[0].decode("utf-8", "replace").strip()
        signature = line
        last = decl.start_point[0]
        heading = f"{path.name}{HEADING_SEP}{qualified}"
    else:
        heading = path.name
        qualified = ""
    text = body + ("\n\n" + signature if signature else "")
    lead = lead_of(heading, [_Line(ln) for ln in body.splitlines()])
    idents = identifiers_in(text, signature)
    if qualified:
        extra = [qualified, *qualified.split(".")]
        idents = tuple(dict.fromkeys([*extra, *idents]))
    return DocChunk(path, node.start_point[0], last, heading, text, idents, kind="api", lead=lead)


def _comment_text(comment: str) -> str:
    inner = comment[3:-2] if comment.endswith("*/") else comment[3:]
    lines = [re.sub(r"^\s*\*?\s?", "", ln) for ln in inner.splitlines()]
    text = "\n".join(lines).strip()
    return re.sub(r"\{@link\s+([^}|\s]+)(?:[|\s][^}]*)?\}", r"`\1`", text)


def _decl_name(decl, source: bytes) -> str | None:
    target = decl
    while target.type in ("export_statement", "ambient_declaration"):
        inner = target.child_by_field_name("declaration") or next(
            (c for c in target.named_children if c.type not in ("comment", "decorator")), None)
        if inner is None:
            return None
        target = inner
    if target.type in ("lexical_declaration", "variable_declaration"):
        declarator = next((c for c in target.named_children if c.type == "variable_declarator"), None)
        target = declarator or target
    name = target.child_by_field_name("name")
    if name is None and target.type == "construct_signature":
        return "constructor"
    if name is None:
        return None
    return source[name.start_byte:name.end_byte].decode("utf-8", "replace")


def _containers(decl, source: bytes) -> list[str]:
    names = []
    node = decl.parent
    while node is not None:
        if node.type in _CONTAINERS:
            n = node.child_by_field_name("name")
            if n is not None:
                names.append(source[n.start_byte:n.end_byte].decode("utf-8", "replace").strip("'\""))
        node = node.parent
    return list(reversed(names))
