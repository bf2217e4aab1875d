"""Docs -> object model, for engines documented only in prose.

Reads Markdown (and simple HTML) reference pages:
- signature headings: `### Block.addRow(options) → Row`, `### Document.fontSize → number`, `### new Block(options)`
  (confidence 0.9 for the member);
- a page or section titled with a bare type name (`# Block`, `## Margins`) followed by a member table
  (`| Member | Type | Description |`, `| Field | ... |`, enum tables `| Member | Value | ... |`) (0.8);
- `Inheritance: Block → Container → Node` lines (bases);
- "Returns a `Row`" / "Type: `number`" sentences under a member heading (its type);
- code spans in prose such as `Table.addRow()` (0.5: such a member counts as existing, never as evidence
  that a type is complete).
A type described by a heading or a member table has confidence 0.85: an unknown member on it is a warning,
never an error; a type seen only in code spans is open (never reported).
Every symbol records the file, line and heading of the chunk it came from.

A member's status comes from explicit markers only (a paragraph that merely says "removed" marks nothing):
- a signature heading ending in a marker: `### Page.addFooter(options) → Block (removed in 4.0)`, `— Deprecated`;
- under a member heading (or in a member table's description cell), a paragraph that opens with the marker:
  "Removed in 4.0.", "**Deprecated** since 3.2: use ...", "> Removed:", "No longer available.";
- a sentence naming the member: "`Page.addFooter()` has been removed" / "is no longer available" / "was
  removed in 4.0" ("This method has been removed" under its heading);
- a changelog or migration list: an item opening with "Removed: `Page.addFooter()`" (or "Deprecated:"), or
  any item opening with a member under a "Removed" / "Deprecated" / "Removed APIs" heading.
The replacement ("use `Block.addBlock()` instead") is read from the marker's sentence.

`extract_pages` reads another form, a package's shipped reference pages (kind "pages"): one page per member,
titled as code (`# req.param()`, `# io.socket.get()`, `# sails.config.models`). See its docstring.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import replace
from pathlib import Path

from lsp_server.knowledge.model_sources.base import Member, ReadLimits, SourceModel, TypeDef, mark, replacement_in

TYPE_CONF = 0.85
SIG_CONF = 0.9
TABLE_CONF = 0.8
SPAN_CONF = 0.5
DOC_EXTENSIONS = (".md", ".markdown", ".txt", ".html", ".htm")
MARKDOWN_PAGES = (".md", ".markdown", ".mdx")  # pages whose code is fenced (MDX: Markdown with JSX components)

IDENT = r"[A-Za-z_$][\w$]*"
SIG_RE = re.compile(rf"^(?P<static>static\s+)?(?P<type>[A-Z][\w$]*)\.(?P<member>{IDENT})\s*(?P<params>\([^)]*\))?\s*"
                    rf"(?:(?:→|->|:|⇒|returns)\s*(?P<ret>.+?))?\s*$")
NEW_RE = re.compile(rf"^new\s+(?P<type>[A-Z][\w$]*)\s*(?P<params>\([^)]*\))?\s*$")
BARE_TYPE_RE = re.compile(rf"^(?:(?:class|interface|enum|type)\s+)?(?P<type>[A-Z][\w$]*)\s*$")
SPAN_RE = re.compile(rf"`(?:new\s+)?(?P<type>[A-Z][\w$]*)\.(?P<member>[a-zA-Z_$][\w$]*)(?P<call>\([^`]*\))?`")
RETURNS_RE = re.compile(r"\bReturns?:?\s+(?:an?\s+|the\s+)?`([^`]+)`")
TYPE_LINE_RE = re.compile(r"^\s*Type:\s*`([^`]+)`")
_VERSION = r"(?:\s+(?:in|since|as\s+of)\s+(?:v(?:ersion)?\s*)?\d[\w.\-]*)"
# a status word closing a heading: `Page.addFooter() (removed in 4.0)`, `— Deprecated`, `[deprecated]`
HEADING_STATUS_RE = re.compile(rf"\s*(?:[—–-]+\s*|[(\[]\s*)?[*_]*(?P<status>removed|deprecated)[*_]*{_VERSION}?\s*[)\]]?\s*$",
                               re.I)
# a paragraph opening with the marker: "Removed in 4.0.", "**Deprecated**: use ...", "No longer available."
LINE_STATUS_RE = re.compile(rf"^(?P<em>[*_]*)(?P<status>removed|deprecated|no\s+longer\s+available)[*_]*"
                            rf"(?:(?P<version>{_VERSION})|\s*(?P<stop>[:.—–-])|[*_]*\s*$)", re.I)
_SUBJECT = rf"`(?:new\s+)?(?P<type>[A-Z][\w$]*)\.(?P<member>{IDENT})(?:\([^`]*\))?`|this\s+(?:method|property|member|function|field|getter|accessor)|it"
SENTENCE_STATUS_RE = re.compile(rf"(?:^|[.;:]\s+)(?:{_SUBJECT})\s+(?:(?P<gone>is\s+no\s+longer\s+available|has\s+been\s+removed|"
                                rf"was\s+removed{_VERSION})|(?P<old>is\s+deprecated|has\s+been\s+deprecated))\b", re.I)
# a changelog item: "Removed: `Page.addFooter()`", "* Deprecated Block.setSize(width, height)"
ITEM_STATUS_RE = re.compile(rf"^(?:[-*+]|\d+\.)\s+[*_]*(?P<status>removed|deprecated)[*_]*\s*:?\s+`?(?:new\s+)?"
                            rf"(?P<type>[A-Z][\w$]*)\.(?P<member>{IDENT})(?P<call>\([^)`]*\))?`?", re.I)
# any item opening with a member, under a "Removed" / "Deprecated APIs" heading
SECTION_RE = re.compile(rf"^(?:[\d.]+\s+)?(?P<status>removed|removals|deprecated|deprecations)(?:\s+(?:apis?|members|methods|"
                        rf"properties|functions|features))?{_VERSION}?\s*:?$", re.I)
SECTION_ITEM_RE = re.compile(rf"^(?:[-*+]|\d+\.)\s+`?(?:new\s+)?(?P<type>[A-Z][\w$]*)\.(?P<member>{IDENT})"
                             rf"(?P<call>\([^)`]*\))?`?")
# a page titled as code: `req.param()`, `io.socket.get()`, `sails.config.models`, `.findOne()` (a member of the
# receiver its folder's pages speak of), written in backticks or not
TITLE_RE = re.compile(rf"^`?(?P<recv>{IDENT}(?:\.{IDENT})*)?\.(?P<member>{IDENT})\s*(?P<call>\([^)`]*\))?`?$")
# a folder's overview page naming its receiver in its title: "Sockets (`sails.sockets`)", "Request (`req`)"
NAMED_RECEIVER_RE = re.compile(rf"\(`(?P<recv>{IDENT}(?:\.{IDENT})*)`\)\s*$")
PAGES_CONF = 0.6  # MEDIUM: the members are the engine's vocabulary; the types stay open (never reported on)
PAGE_FOLDERS = ("docs", "doc")
MAX_PAGES = 1500
# A page about older versions (a migration guide's "before" code, a changelog) shows names the engine no longer
# has: not a source of its members.
OLD_API_PAGE = re.compile(r"migrat|changelog|changes|^history\.|upgrad|release", re.I)
# a title that names a file (`sails.io.js`, `package.json`), not a member
FILE_SUFFIXES = frozenset(("js", "mjs", "cjs", "ts", "jsx", "tsx", "json", "md", "html", "css", "txt", "yml", "yaml",
                           "com", "org", "net", "sh", "lock"))
MEMBER_HEADERS = {"member", "members", "field", "fields", "property", "properties", "method", "methods", "name"}


def extract_docs(path: Path, module: str, limits: ReadLimits = ReadLimits()) -> SourceModel:
    source = SourceModel("docs")
    files = [path] if path.is_file() else docs_files(path)
    ex = _DocsExtractor(source, module)
    for f, data in source.read_files(path, files, limits):
        text = data.decode("utf-8", errors="replace")
        if f.suffix.lower() in (".html", ".htm"):
            text = html_to_markdown(text)
        ex.page(f, text)
    ex.finish()
    return source


def page_files(package: Path) -> list[Path]:
    """The Markdown pages a package ships in its `docs/` and `doc/` folders (not a page about older versions),
    sorted, at most MAX_PAGES."""
    files: list[Path] = []
    for folder in PAGE_FOLDERS:
        if (package / folder).is_dir():
            files += [f for f in docs_files(package / folder) if f.suffix.lower() in (".md", ".markdown")
                      and not any(OLD_API_PAGE.search(part) for part in f.relative_to(package).parts)]
    return files[:MAX_PAGES]


def extract_pages(package: Path, module: str, limits: ReadLimits = ReadLimits()) -> SourceModel:
    """A package's reference pages that document one member each, titled as code: a page whose first heading
    is `req.param()` or `io.socket.get()` says that the receiver (`req`, `io.socket`) has that member (a method
    when written as a call) and each receiver on the way has the next name (`io` has `socket`); a page titled
    `.findOne()` documents a member of the receiver its folder's overview page names in its title ("Sockets
    (`sails.sockets`)"), else of the one kind of object its folder stands for (`models`, `queries`,
    `resourceful-pubsub`: the folder's name), when one of them at least is titled as a call (a folder of
    `.gitignore` pages documents files). Objects no code declares (the request a framework hands a handler,
    globals it makes at run time, a dependency's query objects) are documented so. Each receiver is a type of
    that name, open (the pages need not list every member: an Express request has more than its framework's
    pages say), whose members join the engine's vocabulary at MEDIUM confidence: known names, and near misses
    of them on receivers nothing types are reported (the vocabulary check)."""
    source = SourceModel("pages")
    mod = source.module(module)
    mod.complete = False
    titled: dict[Path, list[tuple[Path, str, str | None, int]]] = {}  # folder -> (page, member, call, line)
    named: dict[Path, set[str]] = {}  # folder -> receivers its overview pages name in their titles
    for f, data in source.read_files(package, page_files(package), limits):
        title = _page_title(data.decode("utf-8", errors="replace"))
        if title is None:
            continue
        line, text = title
        clean = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).strip()
        found = TITLE_RE.match(clean)
        if found is not None and found.group("call") is None and found.group("member").lower() in FILE_SUFFIXES:
            found = None
        if found is None:
            receiver = NAMED_RECEIVER_RE.search(clean)
            if receiver is not None and receiver.group("recv").rsplit(".", 1)[-1].lower() not in FILE_SUFFIXES:
                named.setdefault(f.parent, set()).add(receiver.group("recv"))
            continue
        if found.group("recv"):
            _page_member(mod, found.group("recv"), found.group("member"), found.group("call"), f, line, clean)
        else:
            titled.setdefault(f.parent, []).append((f, found.group("member"), found.group("call"), line))
    for folder, pages in titled.items():
        if not any(call is not None for _, _, call, _ in pages):
            continue  # `.gitignore`, `.sailsrc`: a folder of dotfiles' pages, no object's members
        receivers = named.get(folder, set())
        receiver = next(iter(receivers)) if len(receivers) == 1 else folder.name
        # a folder named as no identifier (`resourceful-pubsub`: methods a hook adds to every model) still
        # stands for one kind of object, which no code names: the kind keeps the folder's name
        if not re.fullmatch(rf"{IDENT}(?:\.{IDENT})*", receiver) and \
                (receiver != folder.name or not re.fullmatch(r"[\w$]+(?:-[\w$]+)+", receiver)):
            continue
        for f, member, call, line in pages:
            _page_member(mod, receiver, member, call, f, line, f".{member}{call or ''}")
    return source


def _page_title(text: str) -> tuple[int, str] | None:
    """The line and text of a page's first heading (ATX `# Title`), outside code; None if it has none."""
    in_code = False
    for lineno, raw in enumerate(text.splitlines()):
        if raw.lstrip().startswith("```"):
            in_code = not in_code
            continue
        hm = None if in_code else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", raw.rstrip())
        if hm:
            return lineno, hm.group(1)
    return None


def _page_member(mod, receiver: str, member: str, call: str | None, path: Path, line: int, doc: str) -> None:
    parts = [*receiver.split("."), member]
    for i in range(1, len(parts)):
        owner, name = ".".join(parts[:i]), parts[i]
        t = mod.types.get(owner)
        if t is None:
            t = mod.types[owner] = TypeDef(owner, "interface", path=str(path), line=line, confidence=PAGES_CONF,
                                           open=True)
        last = i == len(parts) - 1
        kind = "method" if last and call is not None else "property"
        old = next((m for m in t.members if m.name == name), None)
        if old is None:
            t.members.append(Member(name, kind, params=_params(call) if last else [], path=str(path), line=line,
                                    confidence=PAGES_CONF, doc=doc if last else ""))
        elif last and kind == "method":
            old.kind = "method"


def docs_files(folder: Path, extensions: tuple[str, ...] = DOC_EXTENSIONS) -> list[Path]:
    """The doc files under `folder` (sorted; dot-folders and node_modules skipped)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "node_modules")
        for name in sorted(filenames):
            if name.lower().endswith(extensions):
                out.append(Path(dirpath) / name)
    return out


class _DocsExtractor:
    def __init__(self, source: SourceModel, module: str):
        self.source = source
        self.mod = source.module(module)
        self.mod.complete = False
        self.strong: set[str] = set()  # types described by a heading or a member table
        self.static_hints: dict[tuple[str, str], set[str]] = {}

    def type(self, name: str, path: Path, line: int, conf: float, doc: str = "") -> TypeDef:
        t = self.mod.types.get(name)
        if t is None:
            t = TypeDef(name, "class", path=str(path), line=line, confidence=conf, doc=doc, open=conf < TYPE_CONF)
            self.mod.types[name] = t
        elif conf > t.confidence:
            t.confidence, t.path, t.line, t.open = conf, str(path), line, conf < TYPE_CONF
            t.doc = t.doc or doc
        if conf >= TYPE_CONF:
            self.strong.add(name)
        return t

    def member(self, t: TypeDef, m: Member) -> Member:
        for old in t.members:
            if old.name == m.name and old.kind == m.kind or (old.name == m.name and m.kind != "constructor"
                                                               and old.kind != "constructor"):
                if m.confidence > old.confidence:
                    old.confidence, old.path, old.line, old.doc = m.confidence, m.path, m.line, m.doc or old.doc
                    old.kind = m.kind if m.kind != "property" or old.kind == "property" else old.kind
                    old.params = m.params or old.params
                old.type = old.type or m.type
                if m.status:
                    mark(old, m.status, m.status_note, m.status_path, m.status_line)
                return old
        t.members.append(m)
        return m

    def page(self, path: Path, text: str) -> None:
        current_type: str | None = None
        type_level = 0
        current: tuple[TypeDef, Member] | None = None
        heading = ""
        header: list[str] | None = None
        in_code = False
        code_owner: tuple[TypeDef, Member] | None = None
        section: tuple[str, int] | None = None  # (status, heading level) of a "Removed" / "Deprecated" section
        for lineno, raw in enumerate(text.splitlines()):
            line = raw.rstrip()
            if line.lstrip().startswith("```"):
                in_code = not in_code
                code_owner = current if in_code else None
                continue
            if in_code:
                if code_owner is not None:
                    t, m = code_owner
                    if re.search(rf"\b{re.escape(t.name)}\.{re.escape(m.name)}\b", line):
                        self.static_hints.setdefault((t.name, m.name), set()).add("static")
                    elif re.search(rf"\b[a-z_$][\w$]*\.{re.escape(m.name)}\b", line):
                        self.static_hints.setdefault((t.name, m.name), set()).add("instance")
                continue
            hm = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if hm:
                level = len(hm.group(1))
                heading = hm.group(2)
                clean = _clean(heading)
                header = None
                current = None
                if section is not None and level <= section[1]:
                    section = None
                sm_ = SECTION_RE.match(clean)
                if sm_:
                    section = ("removed" if sm_.group("status").lower().startswith("remov") else "deprecated", level)
                hs = HEADING_STATUS_RE.search(clean)
                heading_status = None
                if hs and hs.start() > 0:
                    heading_status, clean = hs.group("status").lower(), clean[:hs.start()].rstrip()
                sig = SIG_RE.match(clean)
                new = NEW_RE.match(clean)
                bare = BARE_TYPE_RE.match(clean)
                if sig:
                    t = self.type(sig.group("type"), path, lineno, TYPE_CONF)
                    params = _params(sig.group("params"))
                    kind = "method" if sig.group("params") is not None else "property"
                    m = self.member(t, Member(sig.group("member"), kind, _clean_type(sig.group("ret") or ""), params,
                                              bool(sig.group("static")), path=str(path), line=lineno,
                                              confidence=SIG_CONF, doc=clean))
                    if sig.group("static"):
                        self.static_hints.setdefault((t.name, m.name), set()).add("static")
                    if heading_status:
                        mark(m, heading_status, heading, str(path), lineno, prefer=True)
                    current = (t, m)
                elif new:
                    t = self.type(new.group("type"), path, lineno, TYPE_CONF)
                    m = self.member(t, Member("constructor", "constructor", t.name, _params(new.group("params")),
                                              path=str(path), line=lineno, confidence=SIG_CONF, doc=clean))
                    current = (t, m)
                elif bare:
                    current_type, type_level = bare.group("type"), level
                elif current_type is not None and level <= type_level:
                    current_type = None
                continue
            stripped = line.strip()
            if stripped.startswith("|"):
                cells = [c.strip() for c in re.split(r"(?<!\\)\|", stripped.strip().strip("|"))]
                if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                    continue
                if header is None:
                    header = [c.lower() for c in cells]
                    continue
                if current_type and header and header[0] in MEMBER_HEADERS:
                    self.table_row(current_type, header, cells, path, lineno, heading)
                continue
            header = None
            self.status_markers(stripped, current, section, path, lineno)
            inherit = re.search(r"\b(?:Inheritance|Extends|Inherits from):\s*(.*)", stripped, re.I)
            if inherit and current_type:
                chain = re.findall(r"`([A-Z][\w$]*)`", inherit.group(1))
                if chain and chain[0] != current_type:
                    chain.insert(0, current_type)
                if len(chain) >= 2 and chain[0] == current_type:
                    t = self.type(current_type, path, lineno, TYPE_CONF)
                    if chain[1] not in t.bases:
                        t.bases.append(chain[1])
                    for sub, base in zip(chain[1:], chain[2:]):
                        bt = self.type(sub, path, lineno, SPAN_CONF)
                        if base not in bt.bases:
                            bt.bases.append(base)
                continue
            if current is not None:
                t, m = current
                rm = RETURNS_RE.search(stripped)
                if rm and m.kind == "method" and not m.type:
                    m.type = "this" if "(`this`)" in stripped or "itself" in stripped else _clean_type(rm.group(1))
                tm = TYPE_LINE_RE.match(stripped)
                if tm and m.kind == "property" and not m.type:
                    m.type = _clean_type(tm.group(1))
                if "static" in stripped.lower().split():
                    self.static_hints.setdefault((t.name, m.name), set()).add("static")
            for sm in SPAN_RE.finditer(stripped):
                t = self.type(sm.group("type"), path, lineno, SPAN_CONF)
                self.member(t, Member(sm.group("member"), "method" if sm.group("call") is not None else "property",
                                      path=str(path), line=lineno, confidence=SPAN_CONF, doc=_clean(heading)))

    def status_markers(self, line: str, current: tuple[TypeDef, Member] | None, section: tuple[str, int] | None,
                       path: Path, lineno: int) -> None:
        """The explicit removed / deprecated markers of one prose line (see the module docstring)."""
        quoted = line.lstrip().startswith(">")  # an admonition
        text = re.sub(r"^(?:>\s*)+(?:\[![A-Za-z]+\]\s*)?", "", line).strip()
        if not text:
            return
        item = ITEM_STATUS_RE.match(text)
        if item is None and section is not None:
            item = SECTION_ITEM_RE.match(text)
        if item is not None:
            status = item.group("status").lower() if "status" in item.groupdict() and item.group("status") else section[0]
            t = self.type(item.group("type"), path, lineno, SPAN_CONF)
            m = self.member(t, Member(item.group("member"), "method" if item.group("call") is not None else "property",
                                      path=str(path), line=lineno, confidence=SPAN_CONF))
            mark(m, "removed" if status.startswith("remov") else "deprecated", text, str(path), lineno)
            return
        if current is not None and current[1].status and not current[1].replacement:
            # the paragraph right under a heading marked removed: "Use `page.footer.addBlock()` instead."
            current[1].replacement = replacement_in(text)
        if current is not None:
            status = _line_status(text, quoted)
            if status is not None:
                mark(current[1], status, text, str(path), lineno, prefer=True)
                return
        for sentence in SENTENCE_STATUS_RE.finditer(text):
            status = "removed" if sentence.group("gone") else "deprecated"
            if sentence.group("type"):
                t = self.type(sentence.group("type"), path, lineno, SPAN_CONF)
                m = self.member(t, Member(sentence.group("member"), "property", path=str(path), line=lineno,
                                          confidence=SPAN_CONF))
            elif current is not None:
                m = current[1]
            else:
                continue
            mark(m, status, text, str(path), lineno)

    def table_row(self, type_name: str, header: list[str], cells: list[str], path: Path, line: int, heading: str) -> None:
        if len(cells) < 2 or "*(from" in " ".join(cells) or "(from `" in " ".join(cells):
            return
        span = re.match(r"^`([^`]+)`", cells[0])
        if not span:
            return
        code = span.group(1).strip()
        if code.startswith(type_name + "."):
            code = code[len(type_name) + 1:]
        m = re.match(rf"^(static\s+)?({IDENT})(\?)?\s*(\([^)]*\))?$", code)
        if not m:
            return
        t = self.type(type_name, path, line, TYPE_CONF, doc="")
        second = header[1] if len(header) > 1 else ""
        value = cells[1].strip("` ")
        desc = cells[2] if len(cells) > 2 else ""
        if second == "value":
            t.kind = "enum"
            self.member(t, Member(m.group(2), "enum_member", type_name, static=True, path=str(path), line=line,
                                  confidence=TABLE_CONF, doc=desc))
            return
        if header[0] in ("field", "fields"):
            t.kind = "interface"
        kind = "method" if m.group(4) is not None else "property"
        member = self.member(t, Member(m.group(2), kind, _clean_type(value) if second in ("type", "returns", "return") else "",
                              _params(m.group(4)), bool(m.group(1)), path=str(path), line=line,
                              confidence=TABLE_CONF, doc=desc))
        status = _line_status(_clean(desc), quoted=False)
        if status is not None:
            mark(member, status, desc, str(path), line, prefer=True)

    def finish(self) -> None:
        for name, t in self.mod.types.items():
            if name in self.strong:
                self.mod.exports[name] = name
            else:
                t.open = True
            for m in t.members:
                hints = self.static_hints.get((name, m.name), set())
                if "static" in hints and "instance" not in hints:
                    m.static = True
                elif not hints and t.kind == "class" and m.kind in ("method", "property") and not m.static \
                        and m.confidence < SIG_CONF:
                    pass
            if t.kind == "enum":
                for m in t.members:
                    m.static = True
        # members whose side is unknown (no example, no "static") exist on both sides: never a false report
        for name, t in self.mod.types.items():
            extra = []
            for m in t.members if t.kind == "class" else []:
                if m.kind in ("method", "property") and not m.static and (name, m.name) not in self.static_hints:
                    extra.append(replace(m, params=list(m.params), static=True,
                                         confidence=min(m.confidence, SPAN_CONF)))
            names = {(x.name, x.static) for x in t.members}
            t.members.extend(x for x in extra if (x.name, True) not in names)


def _line_status(text: str, quoted: bool) -> str | None:
    """The status a paragraph opening with a marker gives its member. "Removed:" or "Removed -" alone is also how
    an event or a diff is described ("Removed: fired when a row goes"), so it counts only emphasized
    (`**Removed**:`), in an admonition (`> Removed:`), with a version ("Removed in 4.0") or as a sentence
    ("Removed.")."""
    found = LINE_STATUS_RE.match(text)
    if found is None:
        return None
    word = found.group("status").lower()
    if word == "deprecated":
        return "deprecated"
    if word == "removed" and found.group("stop") in (":", "—", "–", "-") and not (found.group("em") or quoted) \
            and not re.match(r"^removed[*_]+", text, re.I):
        return None
    return "removed"


def _clean(text: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return text.replace("`", "").strip()


def _clean_type(text: str) -> str:
    text = _clean(text).rstrip(".").strip()
    return "" if text in ("", "—", "-") else text.replace("\\|", "|")


def _params(group: str | None) -> list[str]:
    if not group:
        return []
    inner = group.strip()[1:-1].strip()
    return [p.strip() for p in inner.split(",") if p.strip()] if inner else []


def html_to_markdown(text: str) -> str:
    """Just enough HTML -> Markdown for headings, code spans and code blocks."""
    text = re.sub(r"(?is)<(script|style)\b.*?</\1>", "", text)
    text = re.sub(r"(?is)<pre[^>]*>\s*<code[^>]*>(.*?)</code>\s*</pre>",
                  lambda m: "\n```\n" + m.group(1) + "\n```\n", text)
    text = re.sub(r"(?is)<h([1-6])[^>]*>(.*?)</h\1>", lambda m: "\n" + "#" * int(m.group(1)) + " " +
                  re.sub(r"\s+", " ", m.group(2)) + "\n", text)
    text = re.sub(r"(?is)<code[^>]*>(.*?)</code>", r"`\1`", text)
    text = re.sub(r"(?is)<br\s*/?>|</p>|</li>|</tr>", "\n", text)
    text = re.sub(r"(?s)<[^>]+>", "", text)
    return html.unescape(text)
