// The oracle of tests/corpus/test_symbols_deprecated_corpus.py: what TypeScript itself says is deprecated in a
// package's typings. Every member of a class, interface or enum, and every top-level function or variable,
// declared in the files under the package folder, keyed "Type.member" ("namespace.name", or the bare name); deprecated when
// every one of its declarations (overloads, merged interfaces) carries a JSDoc @deprecated tag, as TypeScript
// then flags each use. Usage: node deprecated_oracle.js <typescript folder> <package folder> <entry .d.ts>
const [tsPath, pkgDir, entry] = process.argv.slice(2);
const ts = require(tsPath);
const path = require("path");
const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true, types: [] });
const decls = new Map(); // key -> [deprecated?]
function add(key, node) {
  if (!decls.has(key)) decls.set(key, []);
  decls.get(key).push(ts.getJSDocDeprecatedTag(node) !== undefined);
}
function nameOf(node) {
  const n = node.name;
  if (!n) return null;
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n)) return n.text;
  return null;
}
function visit(node, ns) {
  if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)) {
    const owner = nameOf(node);
    if (owner) {
      for (const m of node.members) {
        const name = nameOf(m);
        if (name && !ts.isConstructorDeclaration(m)) add(`${owner}.${name}`, m);
      }
    }
  } else if (ts.isFunctionDeclaration(node) && nameOf(node)) {
    add(ns ? `${ns}.${nameOf(node)}` : nameOf(node), node);
  } else if (ts.isVariableStatement(node)) {
    for (const d of node.declarationList.declarations) {
      if (ts.isIdentifier(d.name)) add(ns ? `${ns}.${d.name.text}` : d.name.text, node);
    }
  } else if (ts.isModuleDeclaration(node) && ts.isIdentifier(node.name)) {
    // `namespace moment { function lang() }`: a member of the namespace, `moment.lang`
    ts.forEachChild(node, (child) => visit(child, node.name.text));
    return;
  }
  ts.forEachChild(node, (child) => visit(child, ns));
}
const root = path.resolve(pkgDir) + path.sep;
for (const file of program.getSourceFiles()) {
  if (!path.resolve(file.fileName).startsWith(root)) continue;
  // parsed again with parent links, which the JSDoc helpers follow
  visit(ts.createSourceFile(file.fileName, file.text, ts.ScriptTarget.Latest, true), "");
}
const out = { all: [], deprecated: [] };
for (const [key, flags] of decls) {
  out.all.push(key);
  if (flags.every(Boolean)) out.deprecated.push(key);
}
out.tags = [...decls.values()].reduce((n, flags) => n + flags.filter(Boolean).length, 0);
console.log(JSON.stringify(out));
