import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as path from "node:path";
import {
  lookupPicks,
  missingServerCommand,
  resolveResultPath,
  reviewPicks,
  workspaceProblems,
  reviewSummary,
  ruleStatsMarkdown,
  statusText,
  symbolNames,
  symbolPicks,
  symbolSummary,
} from "../src/format";

const root = path.resolve("/ws/app");

test("lookup results: relative paths resolve against the workspace root, absolute ones stay", () => {
  const view = lookupPicks(
    {
      query: "add a row",
      results: [
        { path: "../layout-engine/docs/table.md", start_line: 10, end_line: 24, heading: "Table.addRow()", snippet: "Adds one row.\n  Call once per row.", score: 3.2 },
        { path: "/abs/docs/faq.md", start_line: 0, end_line: 3, heading: "", snippet: "x".repeat(400), score: 1 },
        { nonsense: true },
        { path: "docs/bad-lines.md", start_line: -4, end_line: -9 },
      ],
      note: "2 results below the score cut were dropped",
    },
    root,
  );
  assert.equal(view.picks.length, 3);
  assert.deepEqual(view.picks[0], {
    label: "Table.addRow()",
    description: "../layout-engine/docs/table.md:11",
    detail: "Adds one row. Call once per row.",
    file: path.resolve("/ws/layout-engine/docs/table.md"),
    startLine: 10,
    endLine: 24,
  });
  assert.equal(view.picks[1].file, "/abs/docs/faq.md");
  assert.equal(view.picks[1].label, "faq.md", "an empty heading falls back to the file name");
  assert.ok(view.picks[1].detail.length <= 160 && view.picks[1].detail.endsWith("…"));
  assert.equal(view.picks[2].startLine, 0);
  assert.equal(view.picks[2].endLine, 0);
  assert.equal(view.note, "2 results below the score cut were dropped");
});

test("lookup results: garbage in, nothing out", () => {
  assert.deepEqual(lookupPicks(null, root), { picks: [], note: undefined });
  assert.deepEqual(lookupPicks({ results: "nope" }, root), { picks: [], note: undefined });
  assert.equal(resolveResultPath("docs/a.md", undefined), "docs/a.md");
});

test("symbol names from a selection", () => {
  assert.deepEqual(symbolNames("const t = box.addTable({ cols: 3 });\nt.addRows(rows); t.addRows(x)"), [
    "const", "t", "box.addTable", "cols", "t.addRows", "rows", "x",
  ]);
  assert.deepEqual(symbolNames("doc . setFontSize"), ["doc.setFontSize"]);
  assert.deepEqual(symbolNames("  123 + - "), []);
});

test("check_symbols results", () => {
  const picks = symbolPicks([
    { name: "Document.create", status: "known", kind: "method", qualified_name: "Document.create", signature: "static create(options?: DocumentOptions): Document", suggestions: [], doc: "Creates a document." },
    { name: "page.createBlock", status: "unknown", kind: null, qualified_name: "Page.createBlock", signature: null, suggestions: ["Page.addBlock"], doc: null },
    { name: "render", status: "ambiguous", kind: "method", qualified_name: null, signature: null, suggestions: ["Document.render", "Block.render"], doc: null },
  ]);
  assert.deepEqual(picks.map((p) => p.label), ["$(check) Document.create", "$(error) page.createBlock", "$(question) render"]);
  assert.equal(picks[0].detail, "static create(options?: DocumentOptions): Document — Creates a document.");
  assert.equal(picks[0].description, "known · method");
  assert.equal(picks[1].description, "unknown · Page.createBlock");
  assert.equal(picks[1].detail, "did you mean Page.addBlock?");
  assert.equal(picks[2].detail, "did you mean Document.render, Block.render?");
  assert.equal(symbolSummary(picks), "1 known, 1 unknown, 1 ambiguous");
  assert.deepEqual(symbolPicks({ not: "a list" }), []);
});

test("review findings: list or {findings}, paths resolved, 1-based display", () => {
  const findings = [
    { path: "src/app.js", line: 50, character: 4, severity: "error", code: "unknown-symbol", message: "Page has no createBlock" },
    { file: "/abs/x.js", line: 0, severity: "weird", rule: "layout/no-hex-colors", message: "hex colour" },
    { message: "no location" },
  ];
  const picks = reviewPicks({ findings, summary: "3 findings in 2 files" }, root);
  assert.equal(picks.length, 3);
  assert.equal(picks[0].label, "$(error) Page has no createBlock");
  assert.equal(picks[0].description, "src/app.js:51:5  unknown-symbol");
  assert.equal(picks[0].file, path.resolve(root, "src/app.js"));
  assert.equal(picks[1].label, "$(warning) hex colour");
  assert.equal(picks[1].description, "/abs/x.js:1:1  layout/no-hex-colors");
  assert.equal(picks[2].file, undefined);
  assert.equal(reviewSummary({ findings, summary: "3 findings in 2 files" }), "3 findings in 2 files");
  assert.equal(reviewPicks(findings, root).length, 3);
  assert.deepEqual(reviewPicks("?", root), []);
});

test("rule stats as a Markdown table, from rows or from a map", () => {
  const fromRows = ruleStatsMarkdown([
    { fired: 3, rule: "layout/no-hex-colors", accepted: 2, rate: 0.6667 },
    { rule: "layout/await-render", fired: 0, note: "a|b" },
  ]);
  assert.equal(
    fromRows,
    "# Footprint rule stats\n\n| rule | fired | accepted | rate | note |\n| --- | --- | --- | --- | --- |\n" +
      "| layout/no-hex-colors | 3 | 2 | 0.67 |  |\n| layout/await-render | 0 |  |  | a\\|b |\n",
  );
  const fromMap = ruleStatsMarkdown({ rules: { "layout/a": { fired: 1 }, "layout/b": 7 } });
  assert.match(fromMap, /\| rule \| fired \| value \|/);
  assert.match(fromMap, /\| layout\/a \| 1 \|  \|/);
  assert.match(fromMap, /\| layout\/b \|  \| 7 \|/);
  assert.match(ruleStatsMarkdown([]), /No rule has fired yet/);
});

test("missing server commands are named", () => {
  assert.equal(missingServerCommand("lookup_docs", ["lookup_docs", "check_file"]), undefined);
  assert.equal(missingServerCommand(undefined, []), undefined);
  assert.match(missingServerCommand("rule_stats", ["check_file"]) ?? "", /does not provide the `rule_stats` command \(it offers: check_file\)/);
  assert.match(missingServerCommand("rule_stats", undefined) ?? "", /it offers: none/);
});

test("status item texts", () => {
  assert.equal(statusText({ kind: "indexing", message: "docs", percentage: 42.4 }).text, "Footprint: indexing 42%");
  assert.equal(statusText({ kind: "indexing" }).text, "Footprint: indexing");
  assert.equal(statusText({ kind: "ready" }).busy, false);
  assert.equal(statusText({ kind: "stopped", reason: "spawn ENOENT" }).detail, "spawn ENOENT");
  assert.equal(statusText({ kind: "stopped" }).error, true);
  assert.equal(statusText({ kind: "starting" }).busy, true);
});

// Shapes recorded from the server branches (check_symbols, review_changes, lookup_docs, rule_stats).
test("check_symbols {results}: summary, docs location, suggestions", () => {
  const picks = symbolPicks(
    {
      results: [
        {
          status: "known", kind: "static method", qualified_name: "Document.create",
          signature: "Document.create(options?: DocumentOptions): Document", suggestions: [],
          doc: { path: "../layout-engine/docs/guides/getting-started.md", line: 14, heading: "Getting started › Create a document" },
          source: "/x/engine.d.ts:807", confidence: 1.0, summary: "Create an empty document.", name: "Document.create",
        },
        { status: "unknown", kind: null, qualified_name: null, signature: null, suggestions: ["Page.addBlock"], doc: null, name: "Page.createBlock" },
        { status: "ambiguous", kind: "method", candidates: ["Block.add", "Page.add"], suggestions: [], name: "add" },
      ],
      turn_id: null,
      budgeted: false,
    },
    root,
  );
  assert.equal(picks.length, 3);
  assert.equal(picks[0].detail, "Document.create(options?: DocumentOptions): Document — Create an empty document.");
  assert.equal(picks[0].description, "known · static method");
  assert.equal(picks[0].docFile, path.resolve("/ws/layout-engine/docs/guides/getting-started.md"));
  assert.equal(picks[0].docLine, 14);
  assert.equal(picks[1].detail, "did you mean Page.addBlock?");
  assert.equal(picks[1].docFile, undefined);
  assert.equal(picks[2].detail, "on Block.add, Page.add");
});

test("review_changes {reminders}: one pick per location, rule as code, why as detail", () => {
  const result = {
    rev: "HEAD",
    files: ["src/util/format.js", "src/app.js"],
    reminders: [
      {
        rule: "layout/no-hex-colors", title: "Use theme colors, not hex literals",
        message: "Use a Color from the theme (theme.primary) instead of a hex literal", severity: "warning",
        why: "The brand palette lives in `src/theme/colors.js`.",
        locations: [
          { path: "src/util/format.js", uri: "file:///ws/app/src/util/format.js", line: 18, character: 25, end_line: 18, end_character: 34 },
          { path: "src/app.js", line: 3, character: 0 },
        ],
      },
      { rule: "layout/await-render", title: "Await Document.render()", severity: "error", why: "async", locations: [] },
    ],
    more: ["layout/x"],
    text: "Footprint review: ...",
  };
  const picks = reviewPicks(result, root);
  assert.deepEqual(picks.map((p) => p.description), ["src/util/format.js:19:26  layout/no-hex-colors", "src/app.js:4:1  layout/no-hex-colors", "layout/await-render"]);
  assert.equal(picks[0].label, "$(warning) Use a Color from the theme (theme.primary) instead of a hex literal");
  assert.equal(picks[0].detail, "The brand palette lives in `src/theme/colors.js`.");
  assert.equal(picks[2].label, "$(error) Await Document.render()");
  assert.equal(picks[2].file, undefined);
  assert.equal(reviewSummary(result), "2 convention(s) touched by 2 changed file(s) vs HEAD (+1 more rule(s) fired)");
});

test("lookup snippets lose the **match** markers", () => {
  const view = lookupPicks({ query: "q", results: [{ path: "d.md", start_line: 1, end_line: 2, heading: "**Tables** › Building", snippet: "Call `**Table**.**addRow**()`" }] }, root);
  assert.equal(view.picks[0].label, "Tables › Building");
  assert.equal(view.picks[0].detail, "Call `Table.addRow()`");
});

test("rule stats timestamps are shown as UTC", () => {
  const md = ruleStatsMarkdown([{ rule: "layout/no-hex-colors", firings: 1, last_fired: 1796053859.551, followed_share: null, noisy: false }]);
  assert.match(md, /\| layout\/no-hex-colors \| 1 \| 2026-\d\d-\d\dT\d\d:\d\d:\d\dZ \|  \| false \|/);
});

test("multi-root: a result's URI wins over its path, which is relative to the answering folder's workspace", () => {
  const result = {
    reminders: [{ rule: "r", message: "m", severity: "warning", locations: [{ path: "src/a.js", uri: "file:///work/second/src/a.js", line: 2, character: 0 }] }],
  };
  const [pick] = reviewPicks(result, "/work/first");
  assert.equal(pick.file, path.resolve("/work/second/src/a.js"));
  const [doc] = lookupPicks({ results: [{ path: "docs/x.md", start_line: 0, end_line: 1 }] }, "/work/second").picks;
  assert.equal(doc.file, path.resolve("/work/second/docs/x.md"), "no uri: the path against the folder the command ran for");
});

test("Check workspace: the CLI's findings grouped by file, with a summary", () => {
  const view = workspaceProblems(
    [
      { path: "src/app.js", line: 50, character: 22, end_line: 50, end_character: 33, severity: "error", code: "unknown-symbol", source: "footprint", message: "m" },
      { path: "src/app.js", line: 3, character: 0, severity: "warning", code: "layout/x", source: "footprint-conventions", message: "n" },
      { path: "/abs/b.js", line: 0, character: 0, severity: "info", code: "c", message: "o" },
      { nonsense: true } as never,
    ],
    "/ws",
  );
  assert.equal(view.summary, "3 problems in 2 files");
  assert.deepEqual([...view.byFile.keys()], [path.resolve("/ws/src/app.js"), "/abs/b.js"]);
  assert.equal(view.byFile.get(path.resolve("/ws/src/app.js"))![0].endCharacter, 33);
  assert.equal(workspaceProblems([], "/ws").summary, "no problems");
});

test("the status item says Restricted Mode when the workspace is untrusted", () => {
  const view = statusText({ kind: "ready" }, true);
  assert.match(view.text, /Footprint: ready \(Restricted Mode\)/);
  assert.match(view.detail, /trust/);
  assert.equal(statusText({ kind: "ready" }).text, "Footprint: ready");
});
