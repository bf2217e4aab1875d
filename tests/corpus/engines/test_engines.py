"""Acceptance on real npm engines of five typing styles, fetched at test time (tests/corpus/engines/engines.py):
unknown-symbol on their README and doc-comment examples (clean) and single-mutation copies, and how-to
retrieval on the golden questions written from their docs. Skipped only when npm or the registry cannot be
reached. The set-aside engine and questions run only with FOOTPRINT_SET_ASIDE=1 (`python -m
tests.corpus.engines.report --set-aside` prints them): they are the figures the tuning never saw.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from benchmarks.common import file_lock
from tests.corpus.engines import engines as E
from tests.corpus.engines import howto
from tests.corpus.symbols_corpus import Unavailable

pytestmark = pytest.mark.slow


def _reports(tmp_path, set_aside: bool):
    try:
        return [E.evaluate(e, tmp_path) for e in E.ENGINES if e.set_aside == set_aside]
    except Unavailable as exc:
        pytest.skip(str(exc))


DEV_ENGINES = [e.name for e in E.engines()]  # never the set-aside one


def computed_once(path: Path, compute) -> dict:
    """The JSON `compute()` returns, computed by whichever worker of the run asks first and read by the others
    (under a lock; written whole, then renamed)."""
    with file_lock(path):
        if not path.is_file():
            scratch = path.with_suffix(".tmp")
            scratch.write_text(json.dumps(compute()), encoding="utf-8")
            os.replace(scratch, path)
        return json.loads(path.read_text(encoding="utf-8"))


def run_folder(request, tmp_path_factory, name: str) -> Path:
    """A folder every xdist worker of this run shares (`<run>/popen-gwN` are the workers' own)."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if hasattr(request.config, "workerinput") else base) / name


class DevReports:
    """Each dev engine's report, computed once in the run (the evaluation of the 13 engines was one test of
    37 s on a calm machine, 149 s under load, on one worker): by whichever test asks first (the engine's own
    test, or the overall one), on any worker, into a folder every worker of the run shares."""

    def __init__(self, folder: Path, work: Path):
        self.folder, self.work = folder, work

    def of(self, name: str) -> E.EngineReport:
        engine = next(e for e in E.engines() if e.name == name)
        def compute() -> dict:
            try:
                report = E.evaluate(engine, self.work)
            except Unavailable as exc:
                pytest.skip(str(exc))
            return {**dataclasses.asdict(report), "engine": engine.spec}

        data = computed_once(self.folder / f"{name}.json", compute)
        assert data.pop("engine") == engine.spec, f"{name}: a report of another version"
        return E.EngineReport(engine=engine, **data)


@pytest.fixture(scope="session")
def dev_reports(request, tmp_path_factory) -> DevReports:
    return DevReports(run_folder(request, tmp_path_factory, "engine-dev-reports"), tmp_path_factory.mktemp("engines"))


@pytest.mark.parametrize("name", DEV_ENGINES)
def test_engine_precision_and_recall(dev_reports, name):
    """One dev engine: enough real code, no check that raises, nothing on its own examples but its known false
    positives, nothing away from the invented name, recall at its floor."""
    r = dev_reports.of(name)
    assert r.files >= 5 and r.total >= 20, f"{r.engine.spec}: too little real code ({r.files} files)"
    # precision first: nothing on the engines' own examples, nothing away from the invented name
    # a check that raises yields nothing, so it would hide hits and false positives alike
    assert r.check_failures == [], f"{r.engine.spec}:\n" + "\n".join(r.check_failures[:10])
    named = [fp.split(" [")[0] for fp in r.false_positives]
    unknown = [fp for fp, fp_name in zip(r.false_positives, named) if fp_name not in r.engine.known_false_positives]
    assert unknown == [], f"{r.engine.spec}:\n" + "\n".join(unknown)
    # a known one that is gone is removed from the list, so the list only shrinks
    assert sorted(named) == sorted(r.engine.known_false_positives), f"{r.engine.spec}: {sorted(named)}"
    assert r.stray == [], f"{r.engine.spec}:\n" + "\n".join(r.stray[:10])
    assert r.rate() >= r.engine.recall_floor, f"{r.engine.spec}: recall {r.rate():.1%}"
    # did-you-mean: the invented name's finding suggests the name it was made from (the set's figure is held to
    # 95% below; per engine 94.3-100% on main at eef3273, the lowest pdfkit's 33 of 35)
    assert r.dym >= r.engine.dym_floor, f"{r.engine.spec}: did-you-mean {r.dym:.1%}:\n" + "\n".join(r.wrong_dym[:10])


def test_engines_of_five_typing_styles(dev_reports, capsys):
    """The set's figures over every dev engine's report (computed here for any engine whose own test has not
    run yet)."""
    reports = [dev_reports.of(name) for name in DEV_ENGINES]
    with capsys.disabled():
        print("\n" + E.table(reports))
    assert len({r.engine.style.split(":")[0] for r in reports}) >= 4 and len(reports) >= 5
    # the set's figures are those of the engines held to the standard floor: one just promoted from held-out with
    # a lower floor (fabric) is guarded by its own floor until a round brings it up
    standard = [r for r in reports if r.engine.recall_floor >= E.Engine.recall_floor]
    total = sum(r.total for r in standard)
    found = sum(r.found for r in standard)
    untyped = sum(r.mutants["untyped"] for r in standard)
    untyped_found = sum(r.hits["untyped"] for r in standard)
    # round 3's dev figures (97.1% / 96.5% / 98.5%) less a margin; the issue's targets are 90% / 80% / 85%
    assert found / total >= 0.95, f"recall {found / total:.1%}"
    assert untyped_found / untyped >= 0.93, f"untyped receivers {untyped_found / untyped:.1%}"
    assert sum(r.top1 for r in standard) / found >= 0.95
    # the oracle leaves out mutants on objects of Node's own modules (not invented engine API): it must
    # find some on `ws` (an `https.createServer()` server, the socket of an `upgrade` event) or it measures nothing
    ws = next(r for r in reports if r.engine.name == "ws")
    assert ws.node_object_mutants > 0


# The how-to floor for rag_lookup's retrieval and `lookup --expand` over every dev question. Measured 72.5% /
# 72.5% (200 of 276) against grep's 47.5% (round 10's how-to work: the doc file the question's words point at
# lifted, changelog sections below usage sections); 71.0% before it. With round 10's fastify (17 doc files, 60
# questions) in the dev index: 64.9% (218 of 336) against grep's 39.0%, since fastify's sections compete
# (ioredis 67.4% -> 51.2%, yup 46.7% -> 35.6%). The floor leaves room for four questions, not for falling back
# toward grep's level
# (ioredis 67.4% -> 51.2%, yup 46.7% -> 35.6%). Round 11's work: 65.5% (220 of 336). With round 11's undici (24
# doc files, 58 questions, untouched 27.6%) in the dev index: 57.4% (226 of 394) against grep's 35.3%
# Round 15's planck (27 doc files, 57 questions, untouched 42.1%) joined the dev set after its one run: 47.5% (308 of
# 648) against grep's 24.8% (fabric, phaser and pixi.js each lose one or two to planck's sections)
# Round 16's sails (290 doc pages, 59 questions, untouched 32.2%) joined after its one run: 44.6% (315 of 707) against
# grep's 24.2%; the other packages' questions 308 -> 296 of 648 as sails's many pages compete
# round 16's work after the held-out run (the question's discourse markers left out): 316 of 707
# Round 17's bun-types (94 doc pages, 58 questions, untouched 44.8%) joined after its one run: 41.3% (316 of 765)
# against grep's 22.9%; bun's questions 26 of 58 as untouched, the other packages' 316 -> 290 of 707 as its pages
# compete; round 17's work after it (front matter, component markup, repeated headings): 326 of 765 (grep 23.1%)
# Round 18's @awesome.me/webawesome (111 doc pages under dist/skills, 60 questions, untouched 0.0%: the docs walk
# skipped dist/, fixed before it joined) joined after its one run: 40.1% (331 of 825) against grep's 20.7%; its
# questions 20 of 60 (grep 11), the other packages' 326 -> 311 of 765 as its pages compete; round 18's work (UI
# widget words in the thesaurus): 338 of 825, webawesome 27 of 60, the others unchanged
# Round 19's relay-runtime (129 llm-docs pages, 60 questions, untouched 33.3%) joined after its one run: 39.7% (351
# of 885) against grep's 20.1%; its questions 20 of 60 as untouched, the other packages' 338 -> 331 of 825; round 19's
# work after it (data-fetching and build-output words in the thesaurus, howto19): 355 of 885, relay-runtime 24 of 60,
# every other package's count unchanged
# Round 20's @lion/ui and work after it: 367 of 945. Round 21's @brightspace-ui/core (a README per component, mixin,
# helper and controller folder, 60 questions, untouched 30.0%) joined after its one run: 37.5% (377 of 1005) against
# grep's 16.1%; its questions 18 of 60, the other packages' 367 -> 359 of 945 as its pages compete (lion 14 -> 12);
# round 21's work after it (everyday widget-and-part words in the thesaurus, howto21): 385 of 1005, brightspace 25
# of 60, lion 13, every other package's count unchanged; round 22's foundation-sites questions joined (1,065; main
# 391, 36.7%: foundation 18 of 60, its pages taking brightspace's 25 -> 23 and others'); round 22's work after it
# (HTML tags opening a Markdown prose line read as markup, howto22): 395 of 1065 (foundation 16, brightspace 25)
# Rounds 23 and 24's codeceptjs and aws-cdk-lib questions joined with their rounds' work (28 and 21 of 60 each, the
# other packages' counts taken as unchanged "by construction", which does not see their pages competing): CI measured
# 428 of 1,185 (36.1%), so the other packages lost about 25 answers to their sections (round 25's
# per-package figures: docs/evaluation.md). Round 25's globalize (36 pages, 60 questions, untouched 36.7% with every
# dev package's docs in the index) joined after its one run: 447 of 1,245 (35.9%) measured in one run at 1a9050f against
# grep's 194 (15.6%): globalize 22 of 60, the earlier packages below their rounds' records as the new pages compete
# (webawesome 27 -> 22, brightspace 25 -> 23, foundation 16 -> 14, lion 13 -> 12, relay-runtime 24 -> 23); round 25's
# work after it (internationalization words and language codes in the thesaurus, howto25, question side only, so
# exact by construction): 455 of 1,245 (36.5%), globalize 30 of 60, every other package's count unchanged. Round
# 26's sib-api-v3-sdk (275 generated pages, 60 questions, untouched 8.3%) joined after its one run: 461 of 1,305 (35.3%)
# measured in one run at f5b0097 against grep's 198 (15.2%): sib 5 of 60; its pages' IDF and competition moved 13 other
# packages by one question each, 7 up and 6 down (brightspace 23 -> 22, lion 12 -> 11, aws-cdk-lib 21 -> 20, sails
# 21 -> 20, tone 12 -> 11, fluent-ffmpeg 9 -> 8; ai, bun-types, codeceptjs, fabric, foundation, phaser, undici +1);
# round 26's work after it (messaging, marketing and web-API account words in the thesaurus, howto26, question side
# only, exact by construction on the 129 questions it reaches): 470 of 1,305 (36.0%), sib 12 of 60, ai +2
# round 27 (chat@4.41.1, 60 questions, 61 pages): one run of every dev question at 071e7a6 (8,246 s): 475 of 1,365
# (34.8%), grep 209 (15.3%); chat 19 of 60; its docs took other packages' answers on everyday words: ai 21 -> 18,
# bun-types 33 -> 31, codeceptjs 29 -> 27, fabric 8 -> 6, sib 12 -> 10, planck, relay-runtime, sails, undici -1 each,
# foundation-sites +1; howto27 after it (chat-platform words, question side, exact): chat 21, 477 of 1,365 (34.9%);
# round 28 (@tanstack/table-core@9.3.1, 60 questions, 32 pages): one run of every dev question at 27a6441 (2,167 s):
# 487 of 1,425 (34.2%), grep 218 (15.3%); table-core 12 of 60; its pages took brightspace 22 -> 21, lion 11 -> 10, ai
# 18 -> 17, foundation-sites 16 -> 15 and gave aws-cdk-lib 20 -> 21, fabric 6 -> 7; howto28 after it (data-grid
# words, question side): one run of every dev question at its branch: 496 of 1,425 (34.8%), table-core 21, every
# other package's count as at 27a6441;
# round 29 (openhab@5.21.0, 60 questions, 2 pages): one run of every dev question at 313cb03 (2,430 s beside four
# helpers): 527 of 1,485 (35.5%), grep 237 (16.0%); openhab 35 of 60; its manual took aws-cdk-lib 21 -> 20,
# codeceptjs 27 -> 26, foundation-sites 15 -> 14, globalize 30 -> 29, ioredis 16 -> 15, sib-api-v3-sdk 10 -> 9 and
# gave @brightspace-ui/core 21 -> 22, ai 17 -> 18; howto29 after it (home-automation and date-time words, question
# side): one run of every dev question at its branch: 530 of 1,485 (35.7%), openhab 38, every other package's ranks
# as at 313cb03;
# round 30 (react-router@8.5.3, 60 questions, 56 pages): one run of every dev question at b570e2e (1,976 s beside
# five helpers): 555 of 1,545 (35.9%), grep 255 (16.5%); react-router 30 of 60; its 87 pages took one answer each from
# @brightspace-ui/core, @tanstack/table-core, ai, bun-types, ioredis, openhab, phaser, relay-runtime and yjs and gave
# one each to aws-cdk-lib, globalize, pixi.js and planck (-9 +4 on the others); howto30 after it (web-framework
# words, question side): one run of every dev question at its branch: 562 of 1,545 (36.4%), react-router 36,
# bun-types 31, every other package's ranks as at b570e2e
# round 31 (c15t@2.2.1, 60 questions, 111 pages): one run of every dev question at 8bd9da3 (4,029 s beside four
# helpers): 587 of 1,605 (36.6%), grep 278 (17.3%); c15t 37 of 60; its pages took 12 answers from ten packages and
# gave none
# howto31 after it (browser-developer words, question side): one run of every dev question at its branch: 589 of
# 1,605 (36.7%), c15t 39, every other package's count as at 8bd9da3
# round 32 (@trigger.dev/sdk@4.8.3, 60 questions, 193 pages): one run of every dev question at 6453097 (6,240 s
# beside five helpers): 593 of 1,665 (35.6%), grep 276 (16.6%); trigger 25 of 60; with its pages in the index the
# other packages gave 21 net (29 lost, 8 gained: bun-types 30 -> 24, ai 17 -> 13, two each from ioredis, openhab,
# phaser, pixi.js, tone and undici; brightspace and lion +2 each): the platform's job, worker, agent and stream pages answer other
# packages' questions in words they share
# howto32 after it (background-job words, question side): trigger +9, ai +1, every other question ranked as at
# 6453097 by construction: 603 of 1,665 (36.2%)
# round 33 (@stdlib/random@0.4.1): 618 of 1,725 (35.8%) with howto33, measured by CI's ranks at 83f0ed4
# round 34 (@mysten/sui@2.33.1, 60 questions, 46 pages) with howto34 (wallet and key-service words, question side):
# CI's own ranks of every dev question at 8ad63fc: 646 of 1,785 (36.2%) in both columns, grep 303 (17.0%); sui 32
# of 60; the other packages 599 -> 595 (its pages took 10 answers and gave 5; howto34's ioredis +1)
# round 35 (gluegun@5.2.2, 60 questions, 25 pages) with howto35 (command-line tool and terminal words, question side):
# gluegun 21 of 60 (17 untouched); CI's own ranks of every dev question at 7a87b68: 666 of 1,845 (36.1%) in both
# columns, grep 311 (16.9%); the other packages 646 -> 645 (webawesome +1, fastify and globalize -1 each)
# round 36 (koffi@3.3.4, 60 questions, 15 pages) with howto36 (C interop and release words, question side): koffi 49
# of 60 (42 untouched); CI's own ranks of every dev question at 87dfaa8: 716 of 1,905 (37.6%) in both columns, grep
# 330 (17.3%); the other packages 666 -> 667 (koffi's pages took none: net +1, howto36's @mysten/sui question among
# the gains)
# round 37 (@clickhouse/client@1.23.1, 60 questions, 35 pages) with howto37 (network connection and library-version
# words, question side) and thes37 (the thesaurus's key stemmer: no rank moved): clickhouse 48 of 60 (44 untouched);
# CI's own ranks of every dev question at 6eee71d: 756 of 1,965 (38.5%) in both columns, grep 362 (18.4%); the other
# packages 716 -> 708 (its pages took 10 answers, koffi 2 of them, and gave 2: chat and sib-api-v3-sdk +1 each)
# round 38 (can-define@2.8.1, 60 questions, 53 pages) with howto38 (observable-model words, question side): can-define
# 12 of 60 (11 untouched); 0.37 at the flip (11 of 60 joining put the set under 0.381); CI's own ranks of every dev
# question at 003e137: 771 of 2,025 (38.1%) in both columns, grep 364 (18.0%); the other packages 756 -> 759 (+5: aws-
# cdk-lib, c15t, codeceptjs, exceljs and @tanstack/table-core; -2: fluent-ffmpeg and yup)
# round 39 (neataptic@1.4.7, 60 questions, 40 pages) with howto39 (one-way and field-marked thesaurus lines, the
# machine-learning words): neataptic 45 of 60 (38 untouched); 0.377 kept at the flip (809 of 2,085 with its 38); CI's
# own ranks of every dev question at b4dbe59: 815 of 2,085 (39.1%) in both columns, grep 388 (18.6%); the other
# packages 771 -> 770 (on a new machine; the one lost not traced: fluent-ffmpeg, globalize and gluegun, whose
# questions the new lines read differently, are 7, 28 and 21 at 0a24783 and at b4dbe59 alike)
# round 40 (collect.js@4.36.1, 60 questions, 56 pages): 6 of 60 untouched in both columns (grep 3); at the flip the
# dev set is 2,145 and 815 + 6 = 821 (38.3%) is below 0.387: 0.379 (813 of 2,145; 0.380 would need 816); with
# howto40 (a README's verbatim copies of the pages merged into them, collection words): collect.js 14 of 60; CI's own
# ranks of every dev question at fbe6e96: 822 of 2,145 (38.3%) in both columns, grep 390 (18.2%); the other packages
# 815 -> 808 (can-define 12 -> 9 and neataptic 45 -> 44 among them: collect.js's pages now in the index compete; each
# question howto40 re-ranked with its changes off ranked the same); 0.379 kept (0.380 would leave six below)
# round 41 (enzyme@2.9.1, 60 questions, 57 pages): 18 of 60 untouched in both columns (grep 14); at the flip the
# dev set is 2,205 and 822 + 18 = 840 (38.1%) if no other package lost a place to its 140 pages (collect.js's cost 7);
# with howto41 (an overview's entries give their places to the pages titled with the signature; signature twins not
# demoted): enzyme's method-page questions 7 -> 11 of 35; no whole-set run finished this session, so the floor is set
# below the estimate, not at a measurement: 0.372 (821 of 2,205, 19 below 840); the next CI's ranks set it again
# round 42 (alt@0.18.6, 60 questions): 39 of 60 untouched in both columns (grep 21); with howto42 (state-container
# words, a why-question's "instead of" span kept) 44; the whole dev set at 74a7d34 (CI's ranks, the first whole-set
# measurement since fbe6e96): 883 of 2,265 (38.98%) in both columns, grep 425 (18.76%), so the other packages' 2,205
# give 839 (round 41's estimate was 840); 0.386 (875 of 2,265, eight below)
# round 43 (umbrellajs@3.3.3, 60 questions): 18 of 60 untouched in both columns (grep 2); the whole set is then
# estimated at 901 of 2,325 (38.75%), grep 427 (18.37%); 0.384 (893 of 2,325, the same eight below); with howto43
# (a DOM block of the thesaurus: umbrellajs 18 -> 23) the whole dev set at d1eee93 (the clean-clone CI's ranks): 907 of
# 2,325 (39.01%) in both columns, grep 427 (18.37%); 0.386 (898 of 2,325, nine below)
# round 44 (@bigcommerce/checkout-sdk@1.983.2, 60 questions on its TypeDoc pages): 6 of 60 untouched in both columns
# (grep 7); the whole set is then estimated at 913 of 2,385 (38.28%), grep 434 (18.20%); 0.379 (904 of 2,385, nine
# below); CI's ranks at 64754cd (no how-to code changed since d1eee93): 886 of 2,385, grep 433: checkout-sdk's 597
# pages in the one index cost the other packages 27 (collect.js's cost 7 at round 40); with howto44 (TypeDoc leads,
# no navigation chunks, online-shop words) the clean-clone CI's ranks at 2ad9c3a: 891 of 2,385 (37.36%) in both
# columns, grep 433 (18.16%), checkout-sdk 8 of 60; 0.370 (883 of 2,385, eight below)
# round 45 (@tanstack/db@0.15.2, 60 questions on its agent-skill pages): 16 of 60 untouched in both columns (grep 13);
# measured with its questions flipped (branch flipq45, the whole set run at b3901e2, no estimate this time): 896 of
# 2,445 (36.65%) in both columns, grep 441 (18.04%); its 18 pages cost the other packages 11; 0.363 (888 of 2,445,
# eight below)
# rounds 46 and 47 (@tanstack/ai@0.58.0, @reduxjs/toolkit@2.16.0, 60 questions each on agent-skill pages): 29 and 33
# of 60 untouched (grep 27 and 18); measured with both rounds' questions flipped (branch flipq4647, the whole set run
# at ab219ee, whose how-to code is main's at fed330c; no estimate): 962 of 2,565 (37.50%) in both columns, grep 482
# (18.79%); @tanstack/ai 30, @reduxjs/toolkit 33 in the shared index, the other packages 899 (896 at round 45's
# flip); no package below grep; 0.371 (952 of 2,565, ten below)
# round 48 (compromise@14.20.0, 60 questions on a docs/ folder of guides, a README, AGENTS.md and two skill pages): 40
# of 60 untouched in both columns (grep 30); measured with its questions flipped (branch flipq48, the whole set run
# at fdd3f8c, whose how-to code is main's at 7dc8cbf; no estimate; the clean-clone CI's ranks at 10a4475 the same,
# package by package): 993 of 2,625 (37.83%) in both columns, grep 511 (19.47%); compromise 40 in the shared index,
# its 14 pages cost the others 9 (953 of 2,565, grep 481); no package below grep (chroma-js, undici and yup level
# with it); 0.374 (982 of 2,625, eleven below)
# round 49 (flutterwave-node-v3@1.4.1, 60 questions on one-operation sections of a payments SDK's service pages): 27
# of 60 untouched in both columns (grep 14); measured with its questions flipped and round 49's how-to work (a
# payments thesaurus block, a phrase's group read at PHRASE_SYNONYM_WEIGHT, no question word as an entry; measured by
# these tests themselves, `pytest -k howto` on a snapshot of 2ff48bc, its questions flipped): 1,041 of 2,685
# (38.77%) in both columns, grep 525 (19.55%); flutterwave-node-v3 41 in the shared index, the other packages 1,000
# (993 before: 15 gained, 10 lost); no package below grep; 0.383 (1,029 of 2,685, twelve below). Round 50's 60
# (mithril) flipped the same way (a snapshot of 96e7680): 1,047 of 2,745 (38.14%) in both columns, grep 533 (19.42%);
# mithril 12 in the shared index (as in its untouched run), the other packages 1,035 (1,041 before: 3 gained, 9 lost
# to its pages); no package below grep; 0.377 (1,035 of 2,745, twelve below). Round 51's 60 (grunt) flipped
# untouched (no how-to work for them), measured by the clean-clone CI's ranks of every dev question at 3244b6b:
# 1,066 of 2,805 (38.00%) in both columns, grep 546 (19.47%); grunt 21 in the shared index (as in its untouched
# run), the other packages 1,045 (1,047 before: 4 gained, 6 lost to its pages); no package below grep; 0.375 (1,052
# of 2,805, fourteen below)
HOWTO_FLOOR = 0.375  # 1,052 of 2,805
# and this far above grep's rate: 0.2 until round 17, whose bun-types questions grep answers unusually well (it finds
# 39.7% of them, against 19-28% in rounds 11 to 16), so the set's margin fell to 18.4 points as they joined (19.5 after
# the round's how-to work); 0.18 keeps the guard against falling back toward grep without pretending otherwise;
# 0.19 from round 36 (20.3 points over grep at 87dfaa8); 0.18 again from round 45, whose questions grep answers
# comparatively well (13 of 60) while its pages cost the others 11: 18.6 points over grep with them (0.19 would fail);
# with rounds 46 and 47, 18.7 points over grep (@tanstack/ai's questions grep answers well: 27 of 60); with round 48,
# 18.4 points (compromise's: grep 30 of 60); with round 49, 19.2 points; with round 50, 18.7 points;
# with round 51, 18.5 points
HOWTO_OVER_GREP = 0.18
HOWTO_PACKAGES = sorted({q.package for q in howto.questions(set_aside=False)})


class DevRanks:
    """The dev questions' ranks, one package at a time, each computed once in the run: by whichever test asks
    first (a package's own test, or the overall one), on any worker, into a folder every worker of the run
    shares (the workspace and its index are built once per worker, only when a package is computed there)."""

    def __init__(self, folder: Path, work: Path):
        self.folder, self.work = folder, work
        self._evaluation: howto.Evaluation | None = None

    def evaluation(self) -> howto.Evaluation:
        if self._evaluation is None:
            try:
                self._evaluation = howto.Evaluation(self.work, set_aside=False)
            except Unavailable as exc:
                pytest.skip(str(exc))
        return self._evaluation

    def of(self, package: str) -> dict:
        """{"questions": [...], "rag_lookup": [...], "lookup --expand": [...], "grep": [...]}: the rank (or
        None) of each of `package`'s dev questions, in the question file's order."""
        qs = [q for q in howto.questions(set_aside=False) if q.package == package]
        def compute() -> dict:
            r = self.evaluation().ranks(qs)
            return {"questions": [q.q for q in qs], "rag_lookup": r.rag, "lookup --expand": r.lookup, "grep": r.grep}

        data = computed_once(self.folder / f"{package.replace('/', '+')}.json", compute)
        assert data["questions"] == [q.q for q in qs], f"{package}: ranks of other questions"
        return data


@pytest.fixture(scope="session")
def dev_ranks(request, tmp_path_factory) -> DevRanks:
    # the workspace is built inside the first test that needs it, under that test's cache folder (the autouse
    # fixture of tests/conftest.py, the same folder for every test of a worker)
    return DevRanks(run_folder(request, tmp_path_factory, "howto-dev-ranks"), tmp_path_factory.mktemp("howto"))


@pytest.mark.parametrize("package", HOWTO_PACKAGES)
def test_howto_package_not_below_grep(dev_ranks, package):
    """No package's docs are served worse than by grep (the how-to search is not tuned to one package's shape);
    round 9 had allowed one question below it once ioredis's README competed with fabric's (17 of 20 against
    grep's 18); round 10's file prior won it back (18 of 20: docs/evaluation/after-runs.md, "How-to, round 10 work"). Every
    package's sections compete in the one index, whichever package's questions are asked."""
    ranks = dev_ranks.of(package)
    grep_hits = sum(r is not None for r in ranks["grep"])
    for label in ("rag_lookup", "lookup --expand"):
        hits = sum(r is not None for r in ranks[label])
        assert hits >= grep_hits, f"{package}: {label} below grep ({hits} against {grep_hits})"


def test_howto_golden_set_beats_grep(dev_ranks, capsys):
    """The overall rates over every dev question, from each package's ranks (computed here for any package
    whose own test has not run yet)."""
    qs = howto.questions()
    assert len(qs) >= 40 and len({q.package for q in qs}) >= 3
    # each round keeps its held-out questions aside (round 1: a third of 45; round 2: 15 new ones on a new
    # package; round 3: 27 on two packages no question had used), the earlier rounds' held-out questions
    # become dev questions
    # (between rounds, once a round's held-out set has run and become dev material, none is set aside)
    held_out = [q for q in qs if q.set_aside]
    assert not held_out or len(held_out) >= 15
    assert not {q.package for q in held_out} & {q.package for q in qs if not q.set_aside}
    per_package = [dev_ranks.of(package) for package in HOWTO_PACKAGES]
    n = sum(len(p["questions"]) for p in per_package)
    assert n == len(howto.questions(set_aside=False))
    rag, lookup, grep = (sum(r is not None for p in per_package for r in p[label]) / n
                         for label in ("rag_lookup", "lookup --expand", "grep"))
    with capsys.disabled():
        print(f"\nhow-to n={n}: rag_lookup {rag:.1%}, lookup --expand {lookup:.1%}, grep {grep:.1%}")
    assert rag >= HOWTO_FLOOR and lookup >= HOWTO_FLOOR, f"rag_lookup {rag:.1%}, lookup --expand {lookup:.1%}"
    assert rag >= grep + HOWTO_OVER_GREP and lookup >= grep + HOWTO_OVER_GREP


def test_every_golden_heading_names_a_section_of_its_file():
    """The answer key is addressable: each question (dev and set-aside alike) names at least one section the
    chunker makes of that package's doc file (only the files are read: no retrieval runs)."""
    from lsp_server.knowledge.chunker import chunk_file

    by_name = {e.name: e for e in E.ENGINES}
    missing = []
    for q in howto.questions():
        engine = by_name[q.name]
        assert engine.spec == q.package, f"{q.q!r} names {q.package}, the engine list installs {engine.spec}"
        assert q.file in engine.docs, f"{q.q!r}: {q.file} is not among {engine.spec}'s docs {engine.docs}"
        try:
            root = E.install(engine)
        except Unavailable as exc:
            pytest.skip(str(exc))
        path = Path(root) / "node_modules" / q.name / q.file
        sections = [c.heading for c in chunk_file(path, path.read_text(encoding="utf-8"))]
        if not any(howto.answers(s, q) for s in sections):
            missing.append(f"{q.package} {q.file}: {q.headings} ({q.q!r})")
    assert missing == [], "\n".join(missing)


@pytest.mark.skipif(not E.set_aside_enabled(), reason="set-aside engine and questions: FOOTPRINT_SET_ASIDE=1")
def test_set_aside_engine_and_questions(tmp_path, capsys):
    """Run once, at the end: reported as measured (the targets are in the issue, the figures in the report)."""
    reports = _reports(tmp_path, set_aside=True)
    report = howto.evaluate(tmp_path, set_aside=True)
    with capsys.disabled():
        print("\nSET-ASIDE\n" + E.table(reports))
        print(f"how-to n={report.n}: rag_lookup {howto.HowtoReport.rate(report.rag):.1%}, lookup --expand "
              f"{howto.HowtoReport.rate(report.lookup):.1%}, grep {howto.HowtoReport.rate(report.grep):.1%}")
    assert reports and all(r.total > 0 for r in reports)


def test_receivers_from_node_modules_are_node_objects():
    code = """import { createServer } from 'https';
import { WebSocketServer } from 'ws';
const http = require('node:http');
const server = createServer({ cert: 1 });
const wss = new WebSocketServer({ server });
server.on('upgrade', function upgrade(request, socket, head) {
  socket.destroy();
  wss.handleUpgrade(request, socket, head, function done(ws) { ws.send(request.url); });
});
server.listen(8080);
http.get('x', (res2) => res2.resume());
"""
    vocabulary = {"destroy", "listen", "handleUpgrade", "send", "resume", "url"}
    sites = [(s.line, s.name, s.node_object) for s in E.engine_sites("a.js", code, vocabulary)]
    # what is made from a Node module, and the parameters of callbacks handed to it, are Node's objects;
    # the engine's own (`wss`, and `ws` handed to the engine's callback) are not
    assert sites == [(6, "destroy", True), (7, "handleUpgrade", False), (7, "send", False), (9, "listen", True),
                     (10, "resume", True)]


def test_test_library_assertion_chains_are_not_engine_sites():
    code = """expect(ws.getCell('A1').numFmt).to.equal(Excel.ValueType.Null);
row.getCell(1).formula.should.equal(5);
assert.equal(sheet.state, 'x');
"""
    vocabulary = {"getCell", "numFmt", "to", "equal", "ValueType", "Null", "should", "formula", "state"}
    sites = [(s.line, s.name) for s in E.engine_sites("a.js", code, vocabulary)]
    # the engine calls inside the assertions stay sites; `to`, `should`, `equal` are the test library's
    assert sites == [(0, "getCell"), (0, "numFmt"), (0, "ValueType"), (0, "Null"), (1, "getCell"),
                     (1, "formula"), (2, "state")]


def test_relative_specifiers_are_the_readmes_layout_folders_too():
    relative = ["'../package'", '"./built"', "'../'", "'..'", "'./'", "'.'", "'#tabs/define'", '"#internal"']
    assert all(E.RELATIVE_SPECIFIER.fullmatch(s) for s in relative)
    assert not any(E.RELATIVE_SPECIFIER.fullmatch(s) for s in ["'lodash'", "'.bin'", "'@scope/pkg'", "'../x\"", "'#'",
                                                               "'#/x'", "'node:fs'"])


def test_lines_labelled_for_another_major_version_are_not_clean_code():
    trailing = "import * as fabric from 'fabric/node'; // v6\nimport { fabric } from 'fabric'; // v5\nf();\n"
    assert E.this_versions_lines(trailing, 7) == "import * as fabric from 'fabric/node'; // v6\n\nf();\n"
    # a label line heads its group; the newest labelled major not above the installed one is kept
    grouped = "// v6\nimport { Canvas } from 'fabric';\n\n// v5\nimport { fabric } from 'fabric';\n"
    assert E.this_versions_lines(grouped, 7) == "// v6\nimport { Canvas } from 'fabric';\n\n// v5\n\n"
    assert E.this_versions_lines(grouped, 5) == "// v6\n\n\n// v5\nimport { fabric } from 'fabric';\n"
    # a label line may describe its group after the version (`// v3 - BitmapMask`)
    assert E.this_versions_lines("// v3 - BitmapMask\nsprite.setPipeline(x);\n\n// v4 - Mask filter\n"
                                 "sprite.setLighting(true);\n", 4) == \
        "// v3 - BitmapMask\n\n\n// v4 - Mask filter\nsprite.setLighting(true);\n"
    assert E.this_versions_lines("// v3 approach (FX):\nsprite.preFX.addGlow();\n\n// v4 approach:\n"
                                 "sprite.filters.internal.addGlow();\n", 4) == \
        "// v3 approach (FX):\n\n\n// v4 approach:\nsprite.filters.internal.addGlow();\n"
    # one label (or none) says nothing of alternatives: the snippet is kept whole
    assert E.this_versions_lines("import { fabric } from 'fabric'; // v5\nf();\n", 7) == \
        "import { fabric } from 'fabric'; // v5\nf();\n"


def test_doc_files_sharing_a_stem_name_their_snippets_apart():
    docs = ("README.md", "docs/Reference/Server.md", "skills/cameras/SKILL.md", "skills/tweens/SKILL.md",
            "skills/cameras/references/REFERENCE.md", "docs/Pixel Art Guide/Pixel Art Guide.md")
    # a stem no other doc file has keeps its name (the dev engines' snippet files, and their listed findings)
    assert [E.doc_label(d, docs) for d in docs[:2]] == ["readme", "server"]
    # one SKILL.md per folder: named by path, or each would overwrite the previous one's snippets
    assert [E.doc_label(d, docs) for d in docs[2:4]] == ["skills-cameras-skill", "skills-tweens-skill"]
    assert E.doc_label(docs[4], docs) == "reference"
    assert E.doc_label(docs[5], docs) == "pixel-art-guide"


def _engine_with_doc(tmp_path, name: str, text: str) -> E.Engine:
    """An engine `engine@1.0.0` under `tmp_path` whose one doc file is `docs/<name>` holding `text`."""
    doc = tmp_path / "node_modules" / "engine" / "docs" / name
    doc.parent.mkdir(parents=True)
    doc.write_text(text, encoding="utf-8")
    return E.Engine("engine", "1.0.0", "x", docs=(f"docs/{name}",))


def test_ts_fenced_javascript_is_clean_code_only_where_the_engine_says_so(tmp_path):
    plain = _engine_with_doc(tmp_path, "guide.md",
                             "# Guide\n\n```ts\nconst app = new Application();\n"
                             "await app.init({ width: 640 });\n```\n\n"
                             "```ts\nconst sprite: Sprite = Sprite.from('bunny.png');\n```\n\n"
                             "```js\nconst stage = app.stage.addChild(sprite);\n```\n")
    # by default a ts block is not JavaScript: the dev engines' snippet files are unchanged
    assert sorted(E.readme_snippets(tmp_path, plain)) == ["readme/guide_02.js"]
    # docs that fence their JavaScript as ts: a block that parses as JavaScript is kept (numbered among all the
    # doc's fences), one with type syntax is not
    ts_docs = dataclasses.replace(plain, ts_fences_as_js=True)
    snippets = E.readme_snippets(tmp_path, ts_docs)
    assert sorted(snippets) == ["readme/guide_00.js", "readme/guide_02.js"]
    assert snippets["readme/guide_00.js"].startswith("const app = new Application();")


def test_html_block_scripts_are_clean_code_only_where_the_engine_says_so(tmp_path):
    plain = _engine_with_doc(tmp_path, "dialog.md",
                             "# Dialog\n\n```html\n<x-dialog class=\"d\"></x-dialog>\n<script>\n  const dialog = "
                             "document.querySelector('.d');\n  dialog.open = true;\n</script>\n"
                             "<script type=\"module\">\n  import { setBasePath } from 'engine';\n"
                             "  setBasePath('/assets');\n"
                             "</script>\n<script type=\"text/markdown\">\n  # not code at all, a heading\n</script>\n"
                             "<script src=\"bundle.js\">const ignored = 'a src script runs its file';</script>\n"
                             "<script>\n  this is not JavaScript (\n</script>\n```\n\n"
                             "```js\nimport 'engine/dist/components/dialog/dialog.js';\n```\n")
    # by default an html block is not code: the dev engines' snippet files are unchanged
    assert sorted(E.readme_snippets(tmp_path, plain)) == ["readme/dialog_01.js"]
    # docs that show their JavaScript as the page's scripts: each inline JavaScript script of an html block that
    # parses, dedented, named after its block; a script with `src`, of another type, or that does not parse is not
    scripts = dataclasses.replace(plain, html_scripts_as_js=True)
    snippets = E.readme_snippets(tmp_path, scripts)
    assert sorted(snippets) == ["readme/dialog_00.js", "readme/dialog_00_1.js", "readme/dialog_01.js"]
    assert snippets["readme/dialog_00.js"] == "const dialog = document.querySelector('.d');\ndialog.open = true;\n"
    assert snippets["readme/dialog_00_1.js"].startswith("import { setBasePath } from 'engine';")
    # the sites of those scripts are found as in any snippet file: `dialog` is declared by the script (typed)
    sites = E.engine_sites("src/readme/dialog_00.js", snippets["readme/dialog_00.js"], {"open"})
    assert [(s.name, s.receiver) for s in sites] == [("open", "typed")]


def test_members_on_other_packages_imports_are_sites_only_where_the_engine_says_so():
    code = ("import { generateText } from 'engine';\nimport { z } from 'zod';\nimport * as p from '@scope/prov/x';\n"
            "const { object } = require('other');\nimport fs from 'node:fs';\nimport { h } from './local';\n"
            "const result = await generateText({ schema: z.object({}) });\nresult.text;\np.chat;\nobject.shape;\n"
            "h.text;\nengineObj.text;\n")
    vocabulary = {"object", "text", "chat", "shape"}
    every = [(s.line, s.name) for s in E.engine_sites("a.js", code, vocabulary)]
    # by default a member on another package's import is a site (the dev engines' sites are unchanged)
    assert every == [(6, "object"), (7, "text"), (8, "chat"), (9, "shape"), (10, "text"), (11, "text")]
    own = [(s.line, s.name) for s in E.engine_sites("a.js", code, vocabulary, own=("engine",))]
    # with the engine's packages named: zod's `z`, the scoped package's `p` and the required `object` are not
    # the engine's; the engine's own result, a relative import and an undeclared name still are
    assert own == [(7, "text"), (10, "text"), (11, "text")]


def test_members_on_values_made_from_other_packages_imports_are_not_sites_where_the_engine_says_so():
    code = ("import { streamText } from 'ai';\nimport { google } from 'googleapis';\nimport { run } from 'engine';\n"
            "import { Maker } from './maker';\nconst result = streamText({});\nresult.text;\n"
            "const auth = new google.auth.GoogleAuth({});\nconst client = await auth.client();\nclient.text;\n"
            "const { stream } = (streamText({})).toStream();\nstream.text;\n"
            "const mine = run();\nmine.text;\nconst made = new Maker();\nmade.text;\nconst later = mine.text;\n"
            "later.chat;\nlet open;\nopen = streamText({});\nopen.text;\n")
    vocabulary = {"text", "client", "chat"}
    every = [(s.line, s.name) for s in E.engine_sites("a.js", code, vocabulary)]
    assert every == [(5, "text"), (7, "client"), (8, "text"), (10, "text"), (12, "text"), (14, "text"),
                     (15, "text"), (16, "chat"), (19, "text")]
    own = [(s.line, s.name) for s in E.engine_sites("a.js", code, vocabulary, own=("engine",))]
    # ai's result, googleapis' auth and what it makes in turn, a destructured stream: the other packages'
    # objects; the engine's value, what is made from it, a relative module's class and a variable assigned
    # after its declaration still are sites
    assert own == [(12, "text"), (14, "text"), (15, "text"), (16, "chat"), (19, "text")]
