"""Callbacks inside the option object of a free function (round 14, ai tuned on after its held-out run): their
parameters take the contextual type TypeScript gives them when written as method shorthand (`onStep(step) {}`),
when the option's type is a named function type (`onFinish?: Callback<Event>`), and when the function declares
its options as a destructured parameter typed by an intersection (`({ model, ...rest }: Settings & { ... })`).
Each on a minimal package checked through the real `unknown-symbol` check."""

from __future__ import annotations

from lsp_server.knowledge.model_sources.base import param_type
from tests.support.symbols_helpers import package_flags
from tests.unit.test_symbols_ambient_exports import flagged as ambient_flagged, runtime_workspace

TYPES = """
export interface ToolCall { toolName: string; toolCallId: string; }
export interface StepResult { toolCalls: Array<ToolCall>; text: string; }
export type Callback<E> = (event: E) => void | Promise<void>;
export interface Settings {
  onStep?: (step: StepResult) => void;
  onEnd?: Callback<StepResult>;
}
export declare function generate(o: Settings): Promise<StepResult>;
export declare function stream({ onStep, ...rest }: Settings & { prompt: string; onFinish?: Callback<StepResult> }): void;
"""


def flagged(tmp_path, app: str) -> list[tuple[int, str]]:
    return package_flags(tmp_path, TYPES, app)


def test_a_method_shorthand_in_an_options_object_types_its_parameters(tmp_path):
    assert flagged(tmp_path, """import { generate } from 'pkg';
await generate({
  onStep(step) { step.zzText; },
  async onStep({ toolCalls }) { toolCalls[0].zzName; },
});
""") == [(3, "zzText"), (4, "zzName")]


def test_an_option_typed_by_a_named_function_type_types_its_callbacks_parameters(tmp_path):
    assert flagged(tmp_path, """import { generate } from 'pkg';
await generate({ onEnd: ({ toolCalls }) => { toolCalls[0].zzName; } });
await generate({ onEnd(step) { step.zzText; step.text; } });
""") == [(2, "zzName"), (3, "zzText")]


def test_options_declared_as_a_destructured_parameter_of_an_intersection_type_its_callbacks(tmp_path):
    assert flagged(tmp_path, """import { stream } from 'pkg';
stream({ prompt: 'x', onStep: (step) => step.zzText, onFinish({ text, toolCalls }) { toolCalls[0].zzName; } });
""") == [(2, "zzText"), (2, "zzName")]


def test_a_destructured_parameters_type_is_its_annotation():
    assert param_type("{ model, tools: t, ...rest }: Settings & { a: { b: string } }") == \
        "Settings & { a: { b: string } }"
    assert param_type("[first, second]: [A, B]") == "[A, B]"
    assert param_type("{ model }") == ""
    assert param_type("...args: any[]") == ""


# Round 27 (ai27): options named through `Parameters<typeof f>[0]`, object type literals with doc comments,
# and callbacks whose parameter is an event object type literal (`(event: { chunk: Part }) => void`).
NAMED_BY_PARAMETERS = """
export interface StepResult { text: string; }
export interface Settings { maxRetries?: number; }
export type ChunkCallback = (event: {
  /** The chunk; see `Part`. */
  chunk: StepResult;
}) => void;
declare function generateInternal({ maxRetries, onChunk, ...rest }: Settings & {
  /**
   * The prompt: a string; or messages, one a line.
   */
  prompt: string;
  /** Called for each chunk. */
  onChunk?: ChunkCallback;
}): void;
export type GenerateOptions<T> = Parameters<typeof generateInternal<T>>[0];
export declare function generate<T>(options: GenerateOptions<T>): void;
export declare function embed(options: {
  /** The value to embed. */
  value: string;
  /** Called when done; with the step. */
  onDone?: (step: StepResult) => void;
}): void;
"""


def test_options_named_by_a_functions_parameters_type_its_callbacks(tmp_path):
    # `type GenerateOptions<T> = Parameters<typeof generateInternal<T>>[0]`: the internal function's destructured
    # parameter's type, an intersection whose object type literal (its members under doc comments) declares
    # `onChunk`, typed by an alias whose event object literal types the destructured `chunk`
    assert package_flags(tmp_path, NAMED_BY_PARAMETERS, """import { generate } from 'pkg';
generate({ prompt: 'x', onChunk({ chunk }) { chunk.text; chunk.zzText; } });
generate({ prompt: 'x', onChunk: (event) => { event.chunk.zzText; } });
""") == [(2, "zzText"), (3, "zzText")]


def test_an_options_object_type_literal_with_doc_comments_types_its_callbacks(tmp_path):
    assert package_flags(tmp_path, NAMED_BY_PARAMETERS, """import { embed } from 'pkg';
embed({ value: 'x', onDone: (step) => { step.text; step.zzText; } });
""") == [(2, "zzText")]


def test_an_event_object_literal_leaves_names_it_lacks_unreported(tmp_path):
    # the event object itself stays open: only what its declared members hold is checked
    assert package_flags(tmp_path, NAMED_BY_PARAMETERS, """import { generate } from 'pkg';
generate({ prompt: 'x', onChunk: (event) => { event.zzOther; event.chunk.text; } });
""") == []


# Round 29 (weak29): a `new` of the engine's class types the callbacks of its arguments as a call does.
CLASS_TYPES = TYPES + """
export interface Message { role: 'user' | 'tool'; content: string; }
export interface AgentSettings {
  prepareStep?: (options: { messages: Array<Message>; stepNumber: number }) => void;
  onEnd?: Callback<StepResult>;
}
export declare class Agent { constructor(settings: AgentSettings); generate(): void; }
export declare class Watcher { constructor(callback: (records: Array<ToolCall>) => void); stop(): void; }
export declare class SubAgent extends Agent { extra(): void; }
export declare class Loose { constructor(settings: any); }
"""


def test_a_new_of_an_engine_class_types_the_callbacks_its_constructor_declares(tmp_path):
    """`new Agent({ prepareStep: ({ messages }) => ... })`, `new Watcher((records) => ...)`: TypeScript types these
    callbacks' parameters from the constructor's declared parameters (an inherited one too) as it does a call's.
    A constructor taking `any` types nothing."""
    assert package_flags(tmp_path, CLASS_TYPES, """import { Agent, Watcher, SubAgent, Loose } from 'pkg';
new Agent({ prepareStep: ({ messages }) => messages.map(msg => msg.rol) });
new Agent({ onEnd(step) { step.zzText; step.text; } });
new Watcher((records) => records[0].toolNam);
new SubAgent({ onEnd: (step) => step.zzText });
new Loose({ onEnd: (event) => event.zzText });
""") == [(2, "rol"), (3, "zzText"), (4, "toolNam"), (5, "zzText")]


CONSTRUCTOR_TYPE_GLOBALS = {"globals.d.ts": '''interface SourceController<R> { close(): void; enqueue(chunk: R): void; }
interface StreamSource<R = any> { start?: (controller: SourceController<R>) => void; }
interface Stream<R = any> { read(): R; }
declare var Stream: { prototype: Stream; new <R = any>(source?: StreamSource<R>): Stream<R> };
interface Loose { go(): void; }
declare var Loose: { prototype: Loose; new (source?: any): Loose };
'''}


def test_a_new_of_a_global_typed_by_a_constructor_type_types_its_callbacks(tmp_path):
    """`new ReadableStream({ start(controller) { controller.close(); } })` where the global is declared as lib.dom
    declares every class (`declare var Stream: { prototype: Stream; new (source?: StreamSource): Stream }`): the
    construct signature is the constructor, and its parameters type the callbacks as a class's would (round 29,
    bun29). A construct signature taking `any` types nothing."""
    ws = runtime_workspace(tmp_path, CONSTRUCTOR_TYPE_GLOBALS, """new Stream({ start(controller) { controller.clsoe(); } });
new Stream({ start: (controller) => controller.enqueue(1) });
new Stream().raed();
new Loose({ start(controller) { controller.clsoe(); } });
""")
    assert [(line, name) for line, name, _ in ambient_flagged(ws)] == [(1, "clsoe"), (3, "raed")]


OVERLOADED_CONSTRUCTOR_GLOBALS = {"globals.d.ts": '''interface PlainController<R> { close(): void; enqueue(chunk: R): void; }
interface DirectController { close(): void; write(data: string): number; flush(): void; }
interface ByteController { close(): void; enqueue(chunk: Uint8Array): void; byobRequest: any; }
interface PlainSource<R = any> { start?: (controller: PlainController<R>) => void; pull?: (controller: PlainController<R>) => void; type?: undefined; }
interface DirectSource { pull: (controller: DirectController) => void; type: "direct"; }
interface ByteSource { start?: (controller: ByteController) => void; type: "bytes"; }
interface Pipe<R = any> { read(): R; }
declare var Pipe: {
  prototype: Pipe;
  new <R = any>(source?: PlainSource<R>): Pipe<R>;
  new (source?: DirectSource): Pipe;
  new (source: ByteSource): Pipe<Uint8Array>;
};
declare var Hazy: { prototype: Pipe; new (source: NotDeclared): Pipe; new (source?: PlainSource): Pipe };
'''}


def test_a_new_with_an_object_literal_picks_the_construct_signature_the_literal_fits(tmp_path):
    """`new ReadableStream({ start(controller) {...} })` where the global has three construct signatures (lib.dom's
    and bun's `UnderlyingSource`, `DirectUnderlyingSource` with `type: "direct"`, `UnderlyingByteSource` with
    `type: "bytes"`): as TypeScript, the first signature whose parameter type the literal fits (its keys all
    members, its strings among a literal-typed member's, every discriminant named) types the callbacks (round 30,
    bun30). Each controller's own members are known; a signature before the fit whose type is unread
    (`NotDeclared`) leaves the choice undecided: nothing typed."""
    ws = runtime_workspace(tmp_path, OVERLOADED_CONSTRUCTOR_GLOBALS, """new Pipe({ start(controller) { controller.enqueue(1); controller.clsoe(); } });
new Pipe({ type: "direct", pull(controller) { controller.write("x"); controller.flsuh(); } });
new Pipe({ type: "bytes", start(controller) { controller.byobRequest; controller.enqeue(1); } });
new Pipe({ type: "direct", pull: (controller) => controller.flush() });
new Hazy({ start(controller) { controller.clsoe(); } });
new Pipe({ start(controller) { controller.clsoe(); }, other: 1 });
""")
    assert [(line, name) for line, name, _ in ambient_flagged(ws)] == [(1, "clsoe"), (2, "flsuh"), (3, "enqeue")]
