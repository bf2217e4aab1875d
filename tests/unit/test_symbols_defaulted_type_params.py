"""A generic function's type parameter that the call gives TypeScript nothing to infer from takes its default,
and a conditional type written with literal arguments takes the branch they decide (round 46, TanStack AI's
activities: `generateImage<TAdapter, TStream extends boolean = false>(options: ImageActivityOptions<TAdapter,
TStream>): ImageActivityResult<TStream>`, where the options' only mention of `TStream` is `stream?: TStream` and the
result is `TStream extends true ? AsyncIterable<StreamChunk> : Promise<ImageResult>`). A call whose options literal
leaves `stream` out gets `Promise<ImageResult>`, so `result.imagez` is the typed check's error; a call that writes
the key, hands a variable or spreads one may bind it: left unbound, untyped, as before. Through the real
`unknown-symbol` check on a minimal package."""

from __future__ import annotations

from lsp_server.knowledge.types import _literal_extends
from tests.support.symbols_helpers import package_flags

TYPES = """
export interface ImageResult { images: string[]; usage?: { billed: number }; }
export interface StreamChunk { type: string; }
export type ImageOptions<TAdapter, TStream extends boolean = false> = {
  /** The adapter. */
  adapter: TAdapter;
  prompt: string;
  /** Stream the result (an async iterable of chunks) instead of a promise of it. */
  stream?: TStream;
};
export type ImageResultOf<TStream extends boolean = false> =
  TStream extends true ? AsyncIterable<StreamChunk> : Promise<ImageResult>;
export declare function generateImage<TAdapter, TStream extends boolean = false>(
  options: ImageOptions<TAdapter, TStream>): ImageResultOf<TStream>;
export interface JobStatus { state: string; }
export interface JobCreated { jobId: string; }
export type JobResult<R extends 'create' | 'status' = 'create'> =
  R extends 'status' ? Promise<JobStatus> : R extends 'create' ? Promise<JobCreated> : never;
export declare function createJob<R extends 'create' | 'status' = 'create'>(
  options: { model: string; request?: R }): JobResult<R>;
"""


def test_a_type_parameter_the_options_leave_out_takes_its_default(tmp_path):
    assert package_flags(tmp_path, TYPES, """import { generateImage, createJob } from 'pkg';
const result = await generateImage({ adapter: 'a', prompt: 'a lake' });
result.images.length; result.usage?.billed;
result.imagez;
const job = await createJob({ model: 'm' });
job.jobId; job.jobIds;
""") == [(4, "imagez"), (6, "jobIds")]


def test_a_call_that_may_bind_it_is_left_unbound(tmp_path):
    # `stream: true` written (the default would be wrong: the result is the stream), options handed as a variable
    # or spread (they may carry `stream`): untyped, as before (the vocabulary check may still speak on a near
    # miss: `imagez` is one of `images`, so only names like no member's are used here)
    assert package_flags(tmp_path, TYPES, """import { generateImage } from 'pkg';
const streamed = generateImage({ adapter: 'a', prompt: 'x', stream: true });
streamed.zzz;
const opts = { adapter: 'a', prompt: 'x' };
const handed = await generateImage(opts);
handed.zzz;
const spread = await generateImage({ ...opts, prompt: 'y' });
spread.zzz;
""") == []


def test_literal_extends_decides_as_a_conditional_type_does():
    assert _literal_extends("false", "true") is False and _literal_extends("true", "true") is True
    assert _literal_extends("true", "boolean") is True and _literal_extends("'url'", "'status' | 'url'") is True
    assert _literal_extends("'create'", "'status'") is False and _literal_extends("'x'", "string") is True
    assert _literal_extends("[false]", "[true]") is False  # the non-distributive form
    assert _literal_extends("TStream", "true") is None and _literal_extends("false", "Foo") is None
    assert _literal_extends("'1'", "1") is False  # a string literal is no number literal
