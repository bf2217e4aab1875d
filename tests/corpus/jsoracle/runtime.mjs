// The runtime's own view of an npm package: what Node sees after loading it (the oracle of jsoracle.py).
//
// Usage: node runtime.mjs PACKAGE   (cwd: the folder whose node_modules holds it; test time only)
// Prints one JSON object: {"loader": "require" | "import", "paths": {PATH: {kind, static, proto, props}}}
// PATH "" is the module's value (CommonJS `module.exports`, or the ESM namespace), "default" / NAME its exports.
// For each value: `static` (a function's own and inherited properties up to Function.prototype), `proto` (the
// property names of its `prototype` and that prototype's chain up to Object.prototype), `props` (an object's own
// and inherited properties up to Object.prototype). Names are strings only; however the members were added
// (class bodies, prototype assignments, mixins, Object.defineProperty, util.inherits), Node shows them all.
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const FUNCTION_OWN = new Set(['length', 'name', 'prototype', 'arguments', 'caller', 'constructor']);

function chainNames(start, stop, skip) {
  const names = new Set();
  for (let o = start; o && o !== stop && o !== Object.prototype && o !== Function.prototype;
       o = Object.getPrototypeOf(o)) {
    for (const n of Object.getOwnPropertyNames(o)) {
      if (!skip.has(n)) names.add(n);
    }
  }
  return [...names].sort();
}

function describe(value) {
  if (typeof value === 'function') {
    let proto = [];
    let protoObj;
    try { protoObj = value.prototype; } catch { protoObj = undefined; }
    if (protoObj && typeof protoObj === 'object') proto = chainNames(protoObj, Object.prototype, new Set(['constructor']));
    const src = Function.prototype.toString.call(value);
    return { kind: /^class\b/.test(src) || proto.length ? 'class' : 'function',
             static: chainNames(value, Function.prototype, FUNCTION_OWN), proto, props: [] };
  }
  if (value !== null && typeof value === 'object') {
    if (Array.isArray(value)) return { kind: 'array', static: [], proto: [], props: [] };
    return { kind: 'object', static: [], proto: [], props: chainNames(value, Object.prototype, new Set(['constructor'])) };
  }
  return { kind: typeof value, static: [], proto: [], props: [] };
}

function safeGet(obj, key) {
  try { return obj[key]; } catch { return undefined; }
}

function isModuleFile(file) {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs')) return false;
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try { return JSON.parse(readFileSync(manifest, 'utf8')).type === 'module'; } catch { return false; }
    }
  }
  return false;
}

async function main() {
  const name = process.argv[2];
  const require = createRequire(path.join(process.cwd(), 'noop.js'));
  let loaded, loader;
  // a package named like a Node module (`events`): the package's files, not Node's own module
  const target = isBuiltin(name) ? path.join(process.cwd(), 'node_modules', name) : name;
  if (isModuleFile(require.resolve(target))) {
    // an ES module (Node 20 could require() it too, but users import it): imported from a module inside the
    // cwd, so that its node_modules resolve it
    const entry = path.join(process.cwd(), '.jsoracle-entry.mjs');
    writeFileSync(entry, `export const load = () => import(${JSON.stringify(name)});\n`);
    loaded = await (await import(pathToFileURL(entry).href)).load();
    loader = 'import';
  } else {
    loaded = require(target);
    loader = 'require';
  }
  const paths = { '': describe(loaded) };
  if (loader === 'import') paths[''] = { kind: 'namespace', static: [], proto: [], props: Object.keys(loaded).sort() };
  const exportNames = loader === 'import' ? Object.keys(loaded)
    : typeof loaded === 'function' ? paths[''].static
      : loaded && typeof loaded === 'object' ? paths[''].props : [];
  for (const key of exportNames) {
    const value = safeGet(loaded, key);
    if (typeof value === 'function' || (value && typeof value === 'object')) paths[key] = describe(value);
  }
  process.stdout.write(JSON.stringify({ loader, paths }));
  process.exit(0);
}

main().catch((err) => {
  process.stderr.write(`${err && err.stack || err}\n`);
  process.exit(2);
});
