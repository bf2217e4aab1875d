"""Round 32 (after the held-out run): the objects a jobs SDK hands its users, seen without a declaration.

- Two module files of one package each declaring a top-level value of one name (`export declare const task: typeof
  createTask` in tasks.d.ts, `export declare function task(...)` in schedules.d.ts, re-exported `export * as
  schedules`) are two bindings, as TypeScript keeps them: each export is typed by its own declaration.
- The name -> type conventions mined from the docs' `export const childTask = task({...})` then type a fragment's
  undeclared `childTask` as the handle (a warning with its evidence).
"""

from __future__ import annotations

from tests.support.symbols_helpers import package_workspace, symbol_findings

SHARED = """export interface Task<T> {
  id: string;
  trigger(payload: T): Promise<void>;
  triggerAndWait(payload: T): Promise<T>;
}
export declare function createTask<T>(params: { id: string; run: (payload: T) => Promise<void> }): Task<T>;
"""
TASKS = """import { createTask } from "./shared";
export type { Task } from "./shared";
export declare const task: typeof createTask;
"""
SCHEDULES = """import type { Task } from "./shared";
export interface ScheduledPayload { scheduleId: string; timestamp: Date; }
export interface ScheduleHandle { cron: string; deactivate(): Promise<void>; }
export declare function task(params: { id: string; cron: string }): Task<ScheduledPayload>;
export declare function create(options: { task: string; cron: string }): Promise<ScheduleHandle>;
"""
INDEX = """export * from "./tasks";
export * as schedules from "./schedules";
"""


def jobs_workspace(tmp_path, files: dict[str, str], readme: str = ""):
    shipped = {"shared.d.ts": SHARED, "tasks.d.ts": TASKS, "schedules.d.ts": SCHEDULES}
    if readme:
        shipped["README.md"] = readme
    return package_workspace(tmp_path, "jobs", INDEX, files, shipped)


def found(ws, rel="src/app.js"):
    return [(f["line"], f["name"], f["severity"], f["data"]["suggestions"][:1]) for f in symbol_findings(ws, rel)]


def test_one_name_declared_by_two_module_files_is_two_bindings(tmp_path):
    ws = jobs_workspace(tmp_path, {"src/app.js": """import { task, schedules } from "jobs";
const child = task({ id: "child", run: async () => {} });
child.triger({});
const nightly = schedules.task({ id: "nightly", cron: "0 0 * * *" });
nightly.trigerAndWait({});
schedules.create({ task: "nightly", cron: "0 0 * * *" }).then((s) => s.deactivated());
"""})
    # merged into one value, `task` had no type (a const beside a function): `child` was nobody's object
    assert found(ws) == [(3, "triger", "error", ["trigger"]), (5, "trigerAndWait", "error", ["triggerAndWait"]),
                         (6, "deactivated", "error", ["deactivate"])]


def test_the_docs_handle_names_type_a_fragments_undeclared_handles(tmp_path):
    readme = """# jobs

```js
import { task } from "jobs";

export const childTask = task({ id: "child", run: async (payload) => {} });
```

```js
import { task } from "jobs";

export const childTask = task({ id: "child-2", run: async (payload) => {} });
await childTask.trigger({ n: 1 });
```
"""
    ws = jobs_workspace(tmp_path, {
        "src/app.js": """import { schedules } from "jobs";
await childTask.triger({ n: 2 });
await helper.triger({ n: 3 });
""",
    }, readme)
    findings = symbol_findings(ws, "src/app.js")
    by_line = {f["line"]: f for f in findings}
    assert by_line[2]["name"] == "triger" and by_line[2]["severity"] == "warning"
    assert by_line[2]["data"]["suggestions"][:1] == ["trigger"]
    # typed by the convention (its evidence named), not only the vocabulary's near miss
    assert "childTask" in by_line[2]["message"] and "looks like a `Task`" in by_line[2]["message"]
    # a receiver the docs never name is no handle: at most the vocabulary's guess, never typed as a Task
    assert 3 not in by_line or "looks like" not in by_line[3]["message"]


RUNS = """export interface RunRecord { id: string; output?: unknown; taskIdentifier: string; }
export type RunShape<T> = T extends object ? { id: string; output?: T; taskIdentifier: string } : never;
export type Either<T> = T extends string ? { id: string } : { key: string };
export declare class RunSubscription<T> {
  unsubscribe(): void;
  [Symbol.asyncIterator](): AsyncIterator<RunShape<T>>;
}
export declare class RunPage {
  size: number;
  [Symbol.iterator](): IterableIterator<RunRecord>;
}
export declare const runs: {
  subscribeToRun(id: string): RunSubscription<unknown>;
  page(): RunPage;
  stream(): AsyncGenerator<RunRecord, void>;
  either(): Either<number>;
};
"""


def test_for_await_and_for_of_take_the_element_a_type_iterates_to(tmp_path):
    ws = package_workspace(tmp_path, "pkg", RUNS, {"src/app.js": """import { runs } from "pkg";
for await (const run of runs.subscribeToRun("r")) { console.log(run.ouptut, run.taskIdentifier); }
for (const run of runs.page()) { console.log(run.taskIdentifer, run.id); }
for await (const { id, outptu } of runs.stream()) { console.log(id, outptu); }
for await (const run of runs.page()) { console.log(run.idd); }
for (const run of runs.subscribeToRun("r")) { console.log(run.anything); }
console.log(runs.either().idd);
async function* mine() { yield { a: 1 }; }
for await (const item of mine()) { console.log(item.whatever); }
"""})
    # `[Symbol.asyncIterator]()` read by `for await`, `[Symbol.iterator]()` by both, `AsyncGenerator<T>` a
    # collection of T; a destructured element's names are its members; `RunShape<T>` (an object type or
    # `never`) is that object type
    assert found(ws) == [(2, "ouptut", "error", ["output"]), (3, "taskIdentifer", "error", ["taskIdentifier"]),
                         (4, "outptu", "error", ["output"]), (5, "idd", "error", ["id"])]
    # a plain `for...of` over what only iterates asynchronously, the user's own generator, and a conditional type
    # of two object types (which one is not decided here): nothing typed
