"""Rule files: one convention per Markdown file with a TOML header, parsed and validated into `Rule`s.

```
+++
id = "layout/no-hex-colors"
title = "Use theme colors, not hex literals"
message = "Use a Color from the theme instead of a hex literal"
severity = "warning"            # error | warning | information | hint
files = ["src/**/*.js"]         # gitignore-style globs, relative to the workspace root
exclude = ["src/theme/**"]
scope = "file"                  # file | diff
priority = 50                   # higher wins when the number of rules shown is capped
fix = "theme.accent"            # optional: the quick fix's replacement of the matched text (a regex
                                # trigger's groups as \\1 or \\g<name>)
[trigger]
regex = '''#[0-9a-fA-F]{6}\\b'''
query = '''((string) @match (#match? @match "#[0-9a-fA-F]{6}"))'''
languages = ["javascript", "typescript", "tsx"]   # what `query` is written for (default: javascript)
+++
Body: why, and a before/after example.
```

Languages: a regex applies to every file the globs select, whatever its language. A query is written for a
grammar: `languages` names the languages it is written for (default `["javascript"]`), or `query` is a table
with one query per language (`[trigger.query]` with `javascript = ...`, `typescript = ...`, `tsx = ...`). On a
file of another language the rule's query finds nothing, so a rule with a query never fires there.

Rules are data: a regex is compiled by the `regex` package (run with a timeout), a query by tree-sitter
(at most `MAX_QUERY_BYTES`, compiled once per source and language: `compile_query`); nothing in a rule file
is ever executed. Compiling a query costs milliseconds, so a rule's query is compiled on first use
(`Rule.query`); validating it on load needs only its `QueryFacts` (its captures and its patterns' spans),
which a query that compiled once leaves in a signed per-workspace cache (`load_query_facts`,
`save_query_facts`): a query not in it is compiled to validate it, so an invalid one is reported as before.
Every problem is a `RuleProblem` naming the file and line; a rule with an error is skipped, the others keep working.
"""

from __future__ import annotations

import logging
import re
import threading
import tomllib
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import pathspec
import regex
from tree_sitter import Query

from lsp_server.findings import Severity
from lsp_server.languages import SOURCE_LANGUAGES, language
from lsp_server.storage import read_bounded

log = logging.getLogger(__name__)

RULE_SUFFIXES = (".md", ".markdown")
FENCE = "+++"
SCOPES = ("file", "diff")
QUERY_CAPTURE = "match"  # the capture whose nodes are the reported ranges
DEFAULT_QUERY_LANGUAGE = "javascript"
ID_RE = re.compile(r"^[A-Za-z0-9_.@-]+(/[A-Za-z0-9_.@-]+)*$")

KNOWN_KEYS = {"id", "title", "message", "severity", "files", "exclude", "scope", "priority", "trigger", "enabled", "fix"}
TRIGGER_KEYS = {"regex", "query", "languages"}
# A rule's query comes from a repository we may not control: compiling costs time superlinear in its size
# (an 800 KB query took 43 s), and real rule queries are a few hundred bytes.
MAX_QUERY_BYTES = 64 * 1024


class QueryRefused(ValueError):
    """A rule query over the size cap: refused before tree-sitter sees it."""


_compiled: "OrderedDict[tuple[str, str], Query | Exception]" = OrderedDict()
_compiled_lock = threading.Lock()
COMPILED_KEEP = 1024  # distinct (language, source) pairs kept; a workspace has a few hundred rules


# tree-sitter's own `#match?` runs Python's `re` on node texts with no time limit (`"^(a+)+$"` on a
# 30-character string: half a minute, GIL held). Rule queries get these predicates renamed, and evaluate.py
# answers the renamed ones with the `regex` package under the rule's time limit.
REGEX_PREDICATES = {"match?": "footprint-match?", "not-match?": "footprint-not-match?",
                    "any-match?": "footprint-any-match?", "any-not-match?": "footprint-any-not-match?"}
_QUERY_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|;[^\n]*|#[A-Za-z_][\w.?!-]*')


ISOLATE_OVER_PATTERNS = 8
_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\]|\\.)*"|;[^\n]*')


@lru_cache(maxsize=1024)
def needs_isolation(source: str) -> bool:
    """Whether a rule query's running time is unbounded in-process, so evaluate.py runs it in a child
    process it can kill. In-process stay only plain chains: no wildcard node (`_`), quantifier (`*`, `+`,
    `?`), alternation (`[...]`), no node with two child patterns (siblings match in any combination), and at
    most ISOLATE_OVER_PATTERNS patterns. The rest can take seconds on one 8 KB slice even under the match
    limit (two unanchored siblings: 0.14 s; 60 KB of wildcard patterns: minutes)."""
    text = _STRING_OR_COMMENT.sub(" ", source)
    text = re.sub(r"#[\w-]+[?!]?", "#", text)  # predicate names (`#eq?`) are not quantifiers
    text = re.sub(r"@[\w.-]+", " ", text)  # nor are capture names
    if re.search(r"[*+?\[]", text) or re.search(r"(?<![\w.-])_(?![\w.-])", text):
        return True
    children: list[int] = []  # per open node group: how many child node groups it has
    patterns = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            rest = text[i + 1 :].lstrip()
            if rest.startswith("#"):  # a predicate: skip to its closing parenthesis
                close = text.find(")", i)
                i = len(text) if close < 0 else close + 1
                continue
            if children:
                children[-1] += 1
                if children[-1] > 1:
                    return True
            else:
                patterns += 1
            children.append(0)
        elif ch == ")" and children:
            children.pop()
        i += 1
    return patterns > ISOLATE_OVER_PATTERNS


def query_text(source: str) -> str:
    """A rule query as compiled: its regex predicates (outside strings and comments) renamed."""
    return _QUERY_TOKEN.sub(
        lambda m: "#" + REGEX_PREDICATES[m.group()[1:]] if m.group()[1:] in REGEX_PREDICATES else m.group(), source)


def predicate_regex(pattern: str):
    """A regex predicate's pattern compiled by the `regex` package (cached); raises regex.error."""
    return _predicate_regex(pattern)


@lru_cache(maxsize=1024)
def _predicate_regex(pattern: str):
    return regex.compile(pattern, regex.VERSION0)


def compile_query(lang: str, source: str) -> Query:
    """`source` compiled for `lang`, once: the result (or the error) is cached by (language, source), so
    loading, validating on save and evaluating a rule share one compilation. Raises QueryRefused over the
    size cap, else what tree-sitter raised."""
    size = len(source.encode("utf-8", errors="replace"))
    if size > MAX_QUERY_BYTES:
        raise QueryRefused(f"query is {size:,} bytes, over the {MAX_QUERY_BYTES:,}-byte limit for a rule query; "
                           "it was not compiled")
    key = (lang, source)
    with _compiled_lock:
        found = _compiled.get(key)
        if found is not None:
            _compiled.move_to_end(key)
    if found is None:
        try:
            found = Query(language(lang), query_text(source))
            for string in _predicate_patterns(source):
                try:
                    predicate_regex(string)
                except regex.error as exc:
                    raise ValueError(f"invalid regex {string!r} in a #match? predicate: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - QueryError, or NameError for unknown predicates
            found = exc.with_traceback(None)  # keep the message, not the frames
        with _compiled_lock:
            _compiled[key] = found
            while len(_compiled) > COMPILED_KEEP:
                _compiled.popitem(last=False)
    if isinstance(found, Exception):
        # the cached error is raised again and again: drop the frames of the last raise, or its traceback grows
        # with every raise and keeps those frames alive
        raise found.with_traceback(None)
    return found


@dataclass(frozen=True)
class QueryFacts:
    """What validating and prefiltering need of a compiled rule query, without compiling it again."""

    captures: frozenset[str]
    spans: tuple[tuple[int, int], ...]  # each pattern's byte span in the compiled text (`query_text`)


_facts: dict[tuple[str, str], QueryFacts] = {}  # (language, source) -> facts of a query that compiled
_facts_lock = threading.Lock()
_facts_dirty = False  # facts learnt since the cache was loaded or saved
QUERY_FACTS_CACHE = "rule_queries.json"
QUERY_FACTS_SIGNED_AS = "rule-query-facts"
QUERY_FACTS_VERSION = 1
QUERY_FACTS_KEEP = 4096


def query_facts(lang: str, source: str) -> QueryFacts:
    """The facts of `source` compiled for `lang`: from the cache when it compiled before with this grammar,
    else by compiling it (raising what `compile_query` raises)."""
    global _facts_dirty
    key = (lang, source)
    found = _facts.get(key)
    if found is None:
        query = compile_query(lang, source)
        found = QueryFacts(frozenset(query.capture_name(i) for i in range(query.capture_count)),
                           tuple((query.start_byte_for_pattern(i), query.end_byte_for_pattern(i))
                                 for i in range(query.pattern_count)))
        with _facts_lock:
            _facts[key] = found
            _facts_dirty = True
            while len(_facts) > QUERY_FACTS_KEEP:  # a server whose rule files are edited all day
                del _facts[next(iter(_facts))]
    return found


def _grammar_id(lang: str) -> str:
    """What a query's validity depends on besides its text: the grammar and tree-sitter's language version."""
    import tree_sitter

    lg = language(lang)
    return (f"{tree_sitter.LANGUAGE_VERSION}|{lg.abi_version}|{lg.semantic_version}|{lg.node_kind_count}|"
            f"{lg.field_count}|{lg.parse_state_count}")


def load_query_facts(cache_dir: Path) -> None:
    """Learn the facts a previous process cached in `cache_dir` for the grammars loaded now (a missing,
    unsigned or stale file teaches nothing)."""
    from lsp_server import integrity

    data, problem = integrity.read_signed_json(cache_dir / QUERY_FACTS_CACHE, QUERY_FACTS_SIGNED_AS)
    if problem:
        log.info("rules: query cache %s; queries are compiled to validate them", problem)
    if not isinstance(data, dict) or data.get("version") != QUERY_FACTS_VERSION:
        return
    grammars: dict[str, str] = {}
    learnt = {}
    try:
        for lang, source, captures, spans in data.get("queries", ()):
            if lang not in SOURCE_LANGUAGES:
                continue
            if lang not in grammars:
                grammars[lang] = _grammar_id(lang)
            if data.get("grammars", {}).get(lang) != grammars[lang]:
                continue
            learnt[(lang, source)] = QueryFacts(frozenset(captures), tuple((int(a), int(b)) for a, b in spans))
    except (TypeError, ValueError):
        return
    with _facts_lock:
        for key, facts in learnt.items():
            _facts.setdefault(key, facts)


def save_query_facts(cache_dir: Path) -> None:
    """Write the facts learnt by this process (with those loaded) when there are new ones."""
    global _facts_dirty
    from lsp_server import integrity

    with _facts_lock:
        if not _facts_dirty:
            return
        _facts_dirty = False
        items = list(_facts.items())[-QUERY_FACTS_KEEP:]
    if integrity.cache_folder(cache_dir) is None:
        return
    langs = sorted({lang for (lang, _), _ in items})
    value = {"version": QUERY_FACTS_VERSION, "grammars": {lang: _grammar_id(lang) for lang in langs},
             "queries": [[lang, source, sorted(f.captures), [list(s) for s in f.spans]]
                         for (lang, source), f in items]}
    try:
        integrity.write_signed_json(cache_dir / QUERY_FACTS_CACHE, value, QUERY_FACTS_SIGNED_AS)
    except OSError as exc:
        log.info("rules: cannot write the query cache: %s", exc)


@dataclass(frozen=True)
class RuleProblem:
    path: Path | None  # None: a problem of the `[rules]` configuration, not of a rule file
    line: int  # 0-based line in the rule file
    message: str
    severity: Severity = Severity.ERROR  # ERROR: the rule is skipped; WARNING: loaded anyway

    def __str__(self) -> str:
        return f"{self.path}:{self.line + 1}: {self.message}" if self.path is not None else self.message


@dataclass(eq=False)
class Rule:
    id: str
    title: str
    message: str
    severity: Severity
    files: tuple[str, ...]
    exclude: tuple[str, ...]
    scope: str
    priority: int
    body: str
    path: Path
    regex_source: str | None = None
    query_source: str | None = None  # the query of its first language (query_sources has them all)
    enabled: bool = True
    fix: str | None = None  # the quick fix's replacement of the matched text (regex groups expanded)
    origin: str = ""  # the source (folder or remote URL) it came from
    pattern: Any = field(default=None, repr=False)  # compiled regex.Pattern
    _files_spec: pathspec.PathSpec = field(default=None, repr=False)  # type: ignore[assignment]
    _exclude_spec: pathspec.PathSpec | None = field(default=None, repr=False)
    _queries: dict[str, Query | None] = field(default_factory=dict, repr=False)
    specificity: int = 0
    query_sources: dict[str, str] = field(default_factory=dict)  # language -> the query written for it

    def __post_init__(self) -> None:
        if self.query_source is not None and not self.query_sources:
            self.query_sources = {DEFAULT_QUERY_LANGUAGE: self.query_source}

    def query_source_for(self, lang: str | None) -> str | None:
        """The query written for `lang`, or None when the rule has none for it."""
        return self.query_sources.get(lang) if lang is not None else None

    @property
    def has_trigger(self) -> bool:
        return self.regex_source is not None or self.query_source is not None

    def applies_to(self, relpath: str) -> bool:
        """Whether the rule's `files` globs select `relpath` (POSIX, relative to the workspace root)."""
        if not self._files_spec.match_file(relpath):
            return False
        return not (self._exclude_spec and self._exclude_spec.match_file(relpath))

    def query(self, lang: str) -> Query | None:
        """The trigger query compiled for `lang`, or None when the rule has no query written for that
        language (or it does not compile)."""
        source = self.query_source_for(lang)
        if source is None:
            return None
        if lang not in self._queries:
            try:
                self._queries[lang] = compile_query(lang, source)
            except Exception as exc:  # noqa: BLE001 - a query written for JS may not fit TS
                log.warning("rule %s: query does not compile for %s: %s", self.id, lang, exc)
                self._queries[lang] = None
        return self._queries[lang]


def split_front_matter(text: str) -> tuple[str, int, str, int] | None:
    """(header, header's first line, body, body's first line) of a `+++`-fenced file, or None."""
    lines = text.splitlines(keepends=True)
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first >= len(lines) or lines[first].strip() != FENCE:
        return None
    for end in range(first + 1, len(lines)):
        if lines[end].strip() == FENCE:
            return "".join(lines[first + 1 : end]), first + 1, "".join(lines[end + 1 :]), end + 1
    return None


def parse_rule(text: str, path: Path, origin: str = "", timeout_ms: int = 100) -> tuple[Rule | None, list[RuleProblem]]:
    """Parse one rule file. Returns the rule (None when it has an error) and every problem found."""
    problems: list[RuleProblem] = []

    def problem(line: int, message: str, severity: Severity = Severity.ERROR) -> None:
        problems.append(RuleProblem(path, line, message, severity))

    parts = split_front_matter(text)
    if parts is None:
        problem(0, f"a rule file starts with a TOML header between '{FENCE}' lines (id, title, message, files, ...)")
        return None, problems
    header, header_line, body, _ = parts
    try:
        data = tomllib.loads(header)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        problem(header_line + (int(m.group(1)) - 1 if m else 0), f"invalid TOML header: {exc}")
        return None, problems

    def line_of(key: str, table: str = "") -> int:
        return header_line + _locate(header, key, table)

    for key in data:
        if key not in KNOWN_KEYS:
            problem(line_of(key), f"unknown key '{key}' (known: {', '.join(sorted(KNOWN_KEYS))})", Severity.WARNING)

    def get(key: str, kind: type | tuple, default: Any = None, required: bool = False) -> Any:
        if key not in data:
            if required:
                problem(header_line - 1, f"missing required key '{key}'")
            return default
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = {str: "a string", int: "an integer", bool: "true or false", list: "a list of strings",
                     dict: "a table"}
            problem(line_of(key), f"'{key}' must be {names.get(kind, kind)}, got {type(value).__name__}")
            return default
        return value

    rule_id = get("id", str, required=True)
    if rule_id is not None and not ID_RE.match(rule_id):
        problem(line_of("id"), f"invalid id '{rule_id}': use letters, digits, '.', '_', '-', '@' and '/' separators")
    title = get("title", str, required=True)
    message = get("message", str, default=title)
    severity_text = get("severity", str, default="warning")
    try:
        severity = Severity.parse(severity_text)
    except KeyError:
        problem(line_of("severity"), f"invalid severity '{severity_text}' (error, warning, information, hint)")
        severity = Severity.WARNING
    globs = {}
    for key in ("files", "exclude"):
        value = get(key, list, default=[], required=key == "files")
        if any(not isinstance(v, str) or not v.strip() for v in value):
            problem(line_of(key), f"'{key}' must be a list of non-empty glob strings")
            value = []
        try:
            spec = pathspec.GitIgnoreSpec.from_lines(value) if value else None
        except Exception as exc:  # noqa: BLE001 - pathspec raises various errors for bad globs
            problem(line_of(key), f"invalid glob in '{key}': {exc}")
            spec = None
        globs[key] = (tuple(value), spec)
    if "files" in data and not globs["files"][0] and not any(p.line == line_of("files") for p in problems):
        problem(line_of("files"), "'files' must name at least one glob (use [\"**/*\"] for every file)")
    scope = get("scope", str, default="file")
    if scope not in SCOPES:
        problem(line_of("scope"), f"invalid scope '{scope}' (file or diff)")
    priority = get("priority", int, default=0)
    enabled = get("enabled", bool, default=True)
    fix = get("fix", str, default=None)

    regex_source = query_source = None
    pattern = None
    trigger = get("trigger", dict, default={})
    for key in trigger:
        if key not in TRIGGER_KEYS:
            problem(line_of(key, "trigger"), f"unknown key '{key}' in [trigger] (known: regex, query, languages)", Severity.WARNING)
    if isinstance(trigger.get("regex"), str):
        regex_source = trigger["regex"]
        if not regex_source:
            problem(line_of("regex", "trigger"), "[trigger] regex is empty")
        try:
            pattern = regex.compile(regex_source, regex.MULTILINE | regex.VERSION0)
        except regex.error as exc:
            problem(line_of("regex", "trigger"), f"invalid regex: {exc}")
        else:
            if pattern.search("", timeout=timeout_ms / 1000) is not None:
                problem(line_of("regex", "trigger"), "[trigger] regex matches the empty string; it would fire everywhere")
    elif "regex" in trigger:
        problem(line_of("regex", "trigger"), "[trigger] regex must be a string")
    query_sources: dict[str, str] = {}
    raw_query = trigger.get("query")
    languages = trigger.get("languages", [DEFAULT_QUERY_LANGUAGE])
    if "languages" in trigger and (not isinstance(languages, list) or not languages
                                   or not all(isinstance(x, str) for x in languages)):
        problem(line_of("languages", "trigger"), "[trigger] languages must be a list of language names")
        languages = []
    if isinstance(raw_query, str):
        query_sources = {lang: raw_query for lang in languages}
    elif isinstance(raw_query, dict):
        if "languages" in trigger:
            problem(line_of("languages", "trigger"),
                    "[trigger] languages is for a query string; a query table names its languages as keys",
                    Severity.WARNING)
        for lang, text in raw_query.items():
            if not isinstance(text, str):
                problem(line_of(lang, "trigger.query"), f"[trigger.query] {lang} must be a query string")
            else:
                query_sources[lang] = text
        if not raw_query:
            problem(line_of("query", "trigger"), "[trigger.query] names no language")
    elif "query" in trigger:
        problem(line_of("query", "trigger"), "[trigger] query must be a string or a table of one query per language")
    elif "languages" in trigger:
        problem(line_of("languages", "trigger"), "[trigger] languages names the languages of a query; there is none",
                Severity.WARNING)
    def where() -> int:  # the line of the query for `lang`: looked up only for a problem (a search per call)
        return line_of(lang, "trigger.query") if isinstance(raw_query, dict) else line_of("query", "trigger")

    for lang, text in query_sources.items():
        if lang not in SOURCE_LANGUAGES:
            problem(where(), f"unknown query language '{lang}' (known: {', '.join(sorted(SOURCE_LANGUAGES))})")
            continue
        try:
            facts = query_facts(lang, text)
        except QueryRefused as exc:
            problem(where(), f"[trigger] {exc}")
        except Exception as exc:  # noqa: BLE001 - QueryError, or NameError for unknown predicates
            problem(where(), f"invalid tree-sitter query ({lang}): {exc}")
        else:
            if QUERY_CAPTURE not in facts.captures:
                problem(where(), f"the query must capture @{QUERY_CAPTURE}: the nodes reported as the rule's ranges")
    query_source = next(iter(query_sources.values()), None)

    if any(p.severity == Severity.ERROR for p in problems):
        return None, problems
    files, files_spec = globs["files"]
    exclude, exclude_spec = globs["exclude"]
    rule = Rule(
        id=rule_id, title=title, message=message or title, severity=severity, files=files, exclude=exclude,
        scope=scope, priority=priority, body=body.strip(), path=path, regex_source=regex_source,
        query_source=query_source, enabled=enabled, fix=fix, origin=origin, pattern=pattern, _files_spec=files_spec,
        _exclude_spec=exclude_spec, specificity=max(_specificity(g) for g in files), query_sources=query_sources,
    )
    return rule, problems


_REGEX_PREDICATE = re.compile(r'#(?:any-)?(?:not-)?match\?\s+@[\w.-]+\s+"((?:[^"\\]|\\.)*)"')


def _predicate_patterns(source: str) -> list[str]:
    """The regex strings of a query's regex predicates (as tree-sitter unescapes them)."""
    unescape = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}
    return [re.sub(r"\\(.)", lambda e: unescape.get(e.group(1), e.group(1)), m.group(1))
            for m in _REGEX_PREDICATE.finditer(_QUERY_TOKEN.sub(
                lambda t: "" if t.group().startswith(";") else t.group(), source))]


def _specificity(glob: str) -> int:
    """How narrow a glob is: the count of its literal characters (`src/layout/*.js` > `**/*.js`)."""
    return sum(1 for ch in glob if ch not in "*?[]!")


def _locate(header: str, key: str, table: str = "") -> int:
    """0-based line of `key` inside `[table]` ("" = top) of a TOML header; 0 when not found."""
    current = ""
    key_re = re.compile(rf"^\s*(\"{re.escape(key)}\"|'{re.escape(key)}'|{re.escape(key)})\s*=")
    for i, line in enumerate(header.splitlines()):
        m = re.match(r"^\s*\[\s*([^\]]+?)\s*\]", line)
        if m:
            current = m.group(1)
            if table == "" and current == key:
                return i
            continue
        if current == table and key_re.match(line):
            return i
    return 0


def rule_files(folder: Path) -> list[Path]:
    """The rule files under `folder`, in a stable order (dot-folders such as .git are skipped)."""
    if folder.is_file():
        return [folder] if folder.suffix.lower() in RULE_SUFFIXES else []
    found = []
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).parts
        if any(part.startswith(".") for part in rel):
            continue
        if path.suffix.lower() in RULE_SUFFIXES and path.is_file() and path.name.lower() != "readme.md":
            found.append(path)
    return found


def load_folder(folder: Path, origin: str, timeout_ms: int = 100, max_bytes: int = 2 * 1024 * 1024,
                roots: list[Path] | None = None) -> tuple[list[Rule], list[RuleProblem]]:
    """Every rule in a folder (README.md is documentation, not a rule); problems are logged once here.

    Rule files are read with `storage.read_bounded`: at most `max_bytes` (the workspace's max_file_bytes),
    regular files only, and inside `roots` (default: the folder itself), so a rule file that is a symlink
    leading elsewhere, or to /dev/zero, is a problem "cannot read rule file", never read."""
    rules: list[Rule] = []
    problems: list[RuleProblem] = []
    if not folder.exists():
        problems.append(RuleProblem(folder, 0, f"rules folder not found: {folder}"))
        log.warning("rules: folder not found: %s", folder)
        return rules, problems
    if roots is None:
        roots = [folder.resolve()]
    for path in rule_files(folder):
        try:
            text = read_bounded(path, max_bytes, roots).decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(RuleProblem(path, 0, f"cannot read rule file: {exc}"))
            log.warning("rules: cannot read %s: %s", path, exc)
            continue
        rule, found = parse_rule(text, path, origin, timeout_ms)
        problems.extend(found)
        for p in found:
            if p.severity == Severity.ERROR:
                log.warning("rules: %s (rule skipped)", p)
                break
        if rule is not None:
            rules.append(rule)
    return rules, problems
