"""The npm packages the JavaScript runtime oracle loads, with exact versions and their build shape.

Chosen before Footprint was run on any of them (round 6, jsoracle): JavaScript-first packages of many build
shapes. Not here: the round-6 held-out engine, and the engines of tests/corpus/engines (so that this set's
held-out third is clean of them too). `split` puts each package in the dev two thirds or the held-out third by a
hash of its name: tuning looks at dev only; held-out figures are recorded untouched first, then after tuning.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    shape: str

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def held_out(self) -> bool:
        return int(hashlib.sha256(self.name.encode()).hexdigest(), 16) % 3 == 0


PACKAGES = [
    Package("eventemitter3", "5.0.1", "plain CJS: constructor + `EE.prototype.m = function`, statics, UMD bundle"),
    Package("bluebird", "3.7.2", "CJS: one constructor whose prototype other modules extend "
            "(`require('./map')(Promise, ...)` assigns `Promise.prototype.map`)"),
    Package("moment", "2.30.1", "UMD: `var proto = Moment.prototype; proto.add = add`, factory export with statics"),
    Package("decimal.js", "10.6.0", "UMD: `P.abs = P.absoluteValue = function`, constructor made by a clone() factory"),
    Package("big.js", "7.0.1", "UMD/ESM: `P.abs = function`, factory-made constructor callable without new"),
    Package("bignumber.js", "9.3.1", "UMD: prototype built inside a clone() closure, `P.x = P.y = function`"),
    Package("commander", "12.1.0", "CJS ES classes: Command extends EventEmitter, chainable builder"),
    Package("superagent", "10.2.3", "CJS: factory called without new, Request inherits RequestBase mixed in by "
            "copying its prototype"),
    Package("form-data", "4.0.4", "CJS: util.inherits(FormData, CombinedStream), `FormData.prototype.m`"),
    Package("chalk", "5.6.2", "ESM-only: chainable builder, getters via Object.defineProperties / setPrototypeOf"),
    Package("express", "5.1.0", "CJS: factory without new, application/request/response objects mixed in"),
    Package("luxon", "3.7.2", "CJS build of ES classes with static factories and getters"),
    Package("tinycolor2", "1.6.0", "UMD + ESM: `tinycolor.prototype = { ... }`, callable without new"),
    Package("papaparse", "5.5.3", "UMD: an object of functions and constructor functions, `this.m = function`"),
    Package("marked", "16.4.1", "ESM + UMD: ES classes (Marked, Lexer, Parser, Renderer), function with statics"),
    Package("mustache", "4.2.0", "UMD + ESM: `Writer.prototype.m = function`, a default writer object"),
    Package("handlebars", "4.7.8", "CJS (compiled ES modules): create() factory, prototypes extended by helpers"),
    Package("chance", "1.1.13", "UMD: `Chance.prototype.m = function`, callable without new"),
    Package("color", "5.0.3", "ESM: prototype methods added by loops over arrays of names (computed names)"),
    Package("dayjs", "1.11.18", "UMD minified bundle: class inside a closure, plugins via extend()"),
    Package("eventemitter2", "6.4.9", "UMD-style CJS: `EventEmitter.prototype.m`, aliases assigned after"),
    Package("node-cache", "5.1.2", "CoffeeScript-compiled class extends EventEmitter, bound methods in the constructor"),
    Package("lru-cache", "7.18.3", "CJS ES class with private fields, getters, static methods"),
    Package("async", "3.2.6", "CJS + ESM: an object of functions, aliases"),
    Package("underscore", "1.13.7", "UMD: functions object, `_.mixin` copies functions onto the prototype in a loop"),
    Package("d3-selection", "3.0.1", "ESM-only: `Selection.prototype = selection.prototype = { ...imports }`"),
    Package("d3-scale", "4.0.2", "ESM-only: factories returning function objects with chainable methods"),
    Package("joi", "17.13.3", "CJS: chainable schema builder, prototypes extended in loops (Object.defineProperty)"),
    Package("knex", "3.1.0", "CJS: chainable query builder, mixins, factory returning a function object"),
    Package("mysql", "2.18.1", "CJS: Util.inherits(Connection, EventEmitter), prototype assignments"),
    Package("pg", "8.16.3", "CJS ES classes extends EventEmitter, getters, statics"),
    Package("p-queue", "8.1.0", "ESM-only: class extends EventEmitter (eventemitter3), private fields"),
    Package("ky", "1.9.1", "ESM-only: class with static create, a function object export with methods"),
    Package("quick-lru", "7.0.1", "ESM-only: class extends Map, getters, Symbol.iterator"),
    Package("archiver", "7.0.1", "CJS: factory without new, util.inherits(Archiver, Transform), registered formats"),
    Package("winston", "3.17.0", "CJS: classes, createLogger factory making a derived class, level methods added "
            "by a loop"),
    Package("matter-js", "0.20.0", "UMD bundle: namespace objects of functions (Matter.Engine.create)"),
    Package("immutable", "5.1.3", "UMD/ESM bundle: class hierarchy built with mixins and prototype aliases"),
    Package("yargs", "17.7.2", "CJS + ESM: factory returning a class instance with private fields"),
    Package("validator", "13.15.15", "CJS (babel): a default export object of functions"),
    Package("sax", "1.4.1", "plain CJS: SAXParser / SAXStream prototypes, Stream base, Object.create"),
    Package("xml2js", "0.6.2", "CoffeeScript-compiled: classes extending EventEmitter, bound methods"),
    Package("events", "3.3.0", "CJS: Node's EventEmitter for browsers, prototype aliases (`on = addListener`)"),
]


def dev() -> list[Package]:
    return [p for p in PACKAGES if not p.held_out]


def held_out() -> list[Package]:
    return [p for p in PACKAGES if p.held_out]
