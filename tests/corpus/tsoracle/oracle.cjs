// TypeScript's own view of an npm package's typings: the oracle of tests/corpus/tsoracle.
//
// The package is resolved the way tsc resolves `import * as x from "<package>"` (moduleResolution "bundler":
// package.json `exports` conditions (types, import, default), `types` / `typings`, `typesVersions`, then
// `@types/<name>`), from a probe file placed in the install folder. For the resolved module it lists every
// exported name (the members of an `export =` target included), and for each export that has an instance type
// (a class, an interface, an object type alias) or a value with members (a class's static side, a namespace, an
// object const, an enum), the property names of that side and whether the type is open: an index signature,
// `any` / `unknown`, or a base that is. One level of namespace members is followed (`N.Options`, `N.Widget`).
//
// Usage: node oracle.cjs <typescript folder> <install folder> <package>
// Prints JSON: {resolved, exports: [{name, value, type, kind, instance?, statics?}], ...}.
const [tsPath, root, pkg] = process.argv.slice(2);
const ts = require(tsPath);
const path = require("path");
const fs = require("fs");

const probe = path.join(root, `__tsoracle_probe_${process.pid}.ts`);
fs.writeFileSync(probe, `import * as probe from ${JSON.stringify(pkg)};\nexport { probe };\n`);
let program;
try {
  program = ts.createProgram([probe], {
    noEmit: true, skipLibCheck: true, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler, esModuleInterop: true, allowJs: false,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  });
} finally {
  // the program has read the probe already
}
const checker = program.getTypeChecker();
const source = program.getSourceFile(probe);
fs.unlinkSync(probe);
const spec = source.statements[0].moduleSpecifier;
const moduleSymbol = checker.getSymbolAtLocation(spec);
const resolved = ts.resolveModuleName(pkg, probe, program.getCompilerOptions(), ts.sys).resolvedModule;
if (!moduleSymbol) {
  console.log(JSON.stringify({ package: pkg, resolved: resolved ? resolved.resolvedFileName : null, exports: [] }));
  process.exit(0);
}

const HIDDEN = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function resolveAlias(sym) {
  return sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
}

function typeOfValue(sym) {
  const decl = sym.valueDeclaration || (sym.declarations || [])[0];
  if (checker.getTypeOfSymbol) return checker.getTypeOfSymbol(sym);
  return checker.getTypeOfSymbolAtLocation(sym, decl || source);
}

// Whether a property access of any name type-checks on `type`: any/unknown, a string index signature, a base
// that is open (a class extending an unresolved value is based on `any`).
function isOpen(type, seen = new Set()) {
  if (!type || seen.has(type)) return false;
  seen.add(type);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
  if (type.flags & ts.TypeFlags.TypeParameter) return true;
  if (type.isUnionOrIntersection && type.isIntersection && type.isIntersection()) {
    return type.types.some((t) => isOpen(t, seen));
  }
  for (const info of checker.getIndexInfosOfType(type)) {
    if (info.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return true;
  }
  const target = type.target || type;
  if (target.objectFlags & ts.ObjectFlags.ClassOrInterface) {
    for (const base of checker.getBaseTypes(target) || []) {
      if (isOpen(base, seen)) return true;
    }
  }
  return false;
}

function side(type) {
  if (!type) return null;
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { open: true, members: [] };
  // only object and intersection types are receivers whose members a checker can judge; an array or tuple
  // alias (`type Result = Node[]`) is the platform's Array, not a type the package declares
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return null;
  if (checker.isArrayType(type) || checker.isTupleType(type)) return null;
  const members = [];
  for (const p of checker.getPropertiesOfType(type)) {
    const name = p.getName();
    if (!IDENT.test(name)) continue; // `__@iterator`, `#private`, quoted names
    if (ts.getDeclarationModifierFlagsFromSymbol(p) & HIDDEN) continue; // not usable outside the type
    members.push(name);
  }
  return { open: isOpen(type), members: members.sort() };
}

function describe(name, sym) {
  const target = resolveAlias(sym);
  const f = target.flags;
  const kind = f & ts.SymbolFlags.Class ? "class" : f & ts.SymbolFlags.Interface ? "interface"
    : f & ts.SymbolFlags.Enum ? "enum" : f & ts.SymbolFlags.Function ? "function"
    : f & ts.SymbolFlags.Variable ? "variable" : f & ts.SymbolFlags.TypeAlias ? "alias"
    : f & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule) ? "namespace" : "other";
  const out = { name, kind, value: !!(f & ts.SymbolFlags.Value), type: !!(f & ts.SymbolFlags.Type) };
  if (f & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    const declared = checker.getDeclaredTypeOfSymbol(target);
    // an interface merged with a function (`interface Foo` + `function Foo()`) is still the instance side
    const inst = side(declared);
    if (inst && !(kind === "alias" && inst.members.length === 0 && !inst.open)) out.instance = inst;
  }
  if (f & ts.SymbolFlags.Value) {
    const valueType = typeOfValue(target);
    const st = side(valueType);
    // a value with a construct signature (`const Widget: WidgetStatic`, `Point: typeof Point`): `new` makes
    // the signature's result
    const constructs = valueType ? valueType.getConstructSignatures() : [];
    if (!out.instance && constructs.length) {
      const inst = side(constructs[0].getReturnType());
      if (inst) out.instance = inst;
    }
    // a function's static side is Function's; report it only when it carries members of its own
    const callable = valueType && valueType.getCallSignatures().length > 0;
    if (st && (!callable || st.members.length)) out.statics = st;
  }
  return { out, target };
}

const listed = [];
const moduleExports = checker.getExportsOfModule(moduleSymbol);
const exportEqualsSymbol = moduleSymbol.exports && moduleSymbol.exports.get("export=");
if (exportEqualsSymbol) {
  // `export = value`: the value's properties are what `import * as m` / `require` give
  const target = resolveAlias(exportEqualsSymbol);
  if (target.flags & ts.SymbolFlags.Value) {
    const known = new Set(moduleExports.map((s) => s.getName()));
    const valueType = typeOfValue(target);
    if (valueType && valueType.flags & ts.TypeFlags.Object) {
      for (const p of checker.getPropertiesOfType(valueType)) {
        if (!known.has(p.getName()) && !(ts.getDeclarationModifierFlagsFromSymbol(p) & HIDDEN)) moduleExports.push(p);
      }
    }
  }
}
for (const sym of moduleExports) {
  const name = sym.getName();
  // `prototype`: the class object's own property an `export =` class lists; no code imports it
  if ((name !== "default" && !IDENT.test(name)) || name === "prototype") continue;
  const { out, target } = describe(name, sym);
  if (target.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) {
    // one level of namespace members: `N.Options`
    out.members = [];
    for (const inner of checker.getExportsOfModule(target)) {
      const innerName = inner.getName();
      if (!IDENT.test(innerName)) continue;
      const d = describe(innerName, inner).out;
      if (d.instance) out.members.push(d);
    }
  }
  listed.push(out);
}
const exportEquals = !!exportEqualsSymbol;
console.log(JSON.stringify({
  package: pkg,
  resolved: resolved ? path.relative(root, resolved.resolvedFileName) : null,
  export_equals: exportEquals,
  exports: listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
}));
