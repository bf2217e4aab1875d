"""The leave-one-package-out selection of tests/corpus/engines/howto_cv.py, on made-up ranks (no docs, no index)."""

from __future__ import annotations

from tests.corpus.engines.howto import Question
from tests.corpus.engines.howto_cv import VariantRun, leave_one_package_out, merit


def q(package: str) -> Question:
    return Question("how do I x", f"{package}@1.0.0", "README.md", ("X",))


def test_a_variant_is_chosen_on_the_other_packages_only():
    qs = [q("a"), q("a"), q("b"), q("b"), q("c")]
    before = VariantRun("before", rag=[0, None, 0, 0, None], expand=[0, None, 0, 0, None])
    # helps package a only: when a is left out, the others tie, so a's own gain does not count
    fits_a = VariantRun("fits a", rag=[0, 0, 0, 0, None], expand=[0, 0, 0, 0, None])
    cv = leave_one_package_out([before, fits_a], qs, "rag")
    assert cv["a"] == (0.5, "before")  # on b and c the two tie: the earlier (before) is kept
    # helps a and c: when a is left out, c's gain chooses it, and a's left-out rate rises
    general = VariantRun("general", rag=[0, 0, 0, 0, 3], expand=[0, 0, 0, 0, 3])
    cv = leave_one_package_out([before, fits_a, general], qs, "rag")
    assert cv["a"] == (1.0, "general") and cv["c"][0] == 0.0  # c's own gain does not count for c


def test_merit_counts_hits_then_their_places():
    assert merit([0, None, 4]) == (2, 1.2)
    assert merit([0, 0]) > merit([4, 0]) > merit([4, None, None])


def test_the_before_variant_switches_off_round_12s_mechanisms():
    from lsp_server.knowledge import chunker, docs_index, lookup, thesaurus
    from tests.corpus.engines.howto_cv import BEFORE, CHANGES, patched

    assert list(CHANGES)[0] == BEFORE and CHANGES["shipped"] == {}
    assert lookup.DENSE_WEIGHT  # shipped: on (an empty ranking without the `semantic` extra)
    with patched(CHANGES["no dense ranking"]):
        assert not lookup.DENSE_WEIGHT
    assert lookup.DENSE_WEIGHT  # restored
    # round 11's has a variant of its own that switches it off
    assert docs_index.GREP_SHORTER_FIRST  # shipped: on
    with patched(CHANGES["grep ties in the docs' order"]):
        assert not docs_index.GREP_SHORTER_FIRST
    assert docs_index.GREP_SHORTER_FIRST  # restored
    # round 10's mechanisms have variants of their own that switch them off
    assert lookup.FILE_PRIOR and lookup.CHANGELOG_WEIGHT < 1
    with patched(CHANGES["file prior off"]):
        assert lookup.FILE_PRIOR == 0
    with patched(CHANGES["changelogs not demoted"]):
        assert lookup.CHANGELOG_WEIGHT == 1
    assert lookup.FILE_PRIOR and lookup.CHANGELOG_WEIGHT < 1  # restored
    # round 11's collection prior, shipped in round 13 (2; main before it: 0), and the clause-leaders switch
    assert lookup.COLLECTION_PRIOR == 4 and lookup.CLAUSE_LEADERS
    with patched(CHANGES["round 12's main"]):
        assert lookup.COLLECTION_PRIOR == 0 and lookup.COLLECTION_PRIOR_DENSE == 0
    # round 17's: a page's front matter and its JSX component markup are not words; "before (main)" reads them
    assert chunker.FRONT_MATTER and chunker.COMPONENT_MARKUP
    with patched(CHANGES["round 17's main"]):
        assert not chunker.FRONT_MATTER and not chunker.COMPONENT_MARKUP
        assert lookup.COLLECTION_PRIOR == 4
    # round 18's: user-interface widget words, page titles in a file's affinity, the page ranking; "before (main)"
    # has none of them
    shipped_words = thesaurus.default_thesaurus()
    assert any(thesaurus.key("modal window") in g for g in shipped_words.groups)
    assert lookup.PAGE_WEIGHT == 0 and docs_index.TITLE_AFFINITY == 0  # measured, not shipped: their variants
    with patched(CHANGES["page ranking 3 (not shipped)"]):
        assert lookup.PAGE_WEIGHT == 3 and docs_index.TITLE_AFFINITY == 4
    with patched(CHANGES["round 18's main"]):
        assert not any(thesaurus.key("modal window") in g for g in thesaurus.default_thesaurus().groups)
        assert any(thesaurus.key("round trip") in g for g in thesaurus.default_thesaurus().groups)
        assert docs_index.TITLE_AFFINITY == 0 and lookup.PAGE_WEIGHT == 0
        assert chunker.FRONT_MATTER and chunker.COMPONENT_MARKUP
    assert thesaurus.default_thesaurus() is shipped_words and lookup.PAGE_WEIGHT == 0
    with patched(CHANGES["thesaurus words alone"]):
        assert any(thesaurus.key("modal window") in g for g in thesaurus.default_thesaurus().groups)
        assert docs_index.TITLE_AFFINITY == 0 and lookup.PAGE_WEIGHT == 0
    with patched(CHANGES["component markup kept"]):
        assert chunker.FRONT_MATTER and not chunker.COMPONENT_MARKUP
    assert chunker.FRONT_MATTER and chunker.COMPONENT_MARKUP  # restored
    # round 19's: front-matter keywords, a first section's lead past its description, data-fetching words; "before
    # (main)" has none of them, each has a variant of its own
    assert not chunker.FRONT_KEYWORDS and not chunker.LEAD_AFTER_FRONT  # measured, not shipped
    assert any(thesaurus.key("out of date") in g for g in shipped_words.groups)
    with patched(CHANGES["round 19's main"]):
        assert not chunker.FRONT_KEYWORDS and not chunker.LEAD_AFTER_FRONT
        assert not any(thesaurus.key("out of date") in g for g in thesaurus.default_thesaurus().groups)
        assert any(thesaurus.key("modal window") in g for g in thesaurus.default_thesaurus().groups)
    with patched(CHANGES["round 19's front matter alone (not shipped)"]):
        assert chunker.FRONT_KEYWORDS and chunker.LEAD_AFTER_FRONT
        assert not any(thesaurus.key("out of date") in g for g in thesaurus.default_thesaurus().groups)
    with patched(CHANGES["round 19's front matter (not shipped)"]):
        assert chunker.FRONT_KEYWORDS and thesaurus.default_thesaurus() is shipped_words
    assert not chunker.FRONT_KEYWORDS and thesaurus.default_thesaurus() is shipped_words
    # round 20's: form-field and widget words (shipped); long tables split between rows with a file's affinity
    # counted in sections (measured, not shipped); "before (main)" has none of them, each has a variant of its own
    assert not chunker.SPLIT_TABLES and not docs_index.AFFINITY_BY_SECTION
    assert any(thesaurus.key("tick box") in g for g in shipped_words.groups)
    with patched(CHANGES["round 19's main"]):
        assert not chunker.SPLIT_TABLES and not docs_index.AFFINITY_BY_SECTION
        assert not any(thesaurus.key("tick box") in g for g in thesaurus.default_thesaurus().groups)
    # round 21's: everyday widget-and-part words (shipped); "before (main)" has round 20's words, not these
    assert any(thesaurus.key("show hide") in g for g in shipped_words.groups)
    with patched(CHANGES["round 21's main"]):
        assert not chunker.SPLIT_TABLES and not docs_index.AFFINITY_BY_SECTION and not chunker.HTML_MARKUP
        assert not any(thesaurus.key("show hide") in g for g in thesaurus.default_thesaurus().groups)
        assert any(thesaurus.key("tick box") in g for g in thesaurus.default_thesaurus().groups)
        assert any(thesaurus.key("out of date") in g for g in thesaurus.default_thesaurus().groups)
    # round 22's: HTML tags opening a Markdown prose line read as markup (shipped); "round 22's main" reads them as
    # words, with round 21's words and without round 23's
    assert chunker.HTML_MARKUP
    with patched(CHANGES["round 22's main"]):
        assert not chunker.HTML_MARKUP
        assert any(thesaurus.key("show hide") in g for g in thesaurus.default_thesaurus().groups)
        assert not any(thesaurus.key("screen model") in g for g in thesaurus.default_thesaurus().groups)
    assert chunker.HTML_MARKUP  # restored
    # round 23's: testing and browser-automation words (shipped); "before (main)" has round 22's main without them
    assert any(thesaurus.key("screen model") in g for g in shipped_words.groups)
    with patched(CHANGES["before (main)"]):
        assert chunker.HTML_MARKUP
        assert not any(thesaurus.key("screen model") in g for g in thesaurus.default_thesaurus().groups)
        assert any(thesaurus.key("show hide") in g for g in thesaurus.default_thesaurus().groups)
    assert thesaurus.default_thesaurus() is shipped_words  # restored
    with patched(CHANGES["round 20's table split (not shipped)"]):
        assert chunker.SPLIT_TABLES and docs_index.AFFINITY_BY_SECTION
        assert thesaurus.default_thesaurus() is shipped_words
    with patched(CHANGES["round 20's table split alone (not shipped)"]):
        assert chunker.SPLIT_TABLES and docs_index.AFFINITY_BY_SECTION
        assert not any(thesaurus.key("tick box") in g for g in thesaurus.default_thesaurus().groups)
    assert not chunker.SPLIT_TABLES and thesaurus.default_thesaurus() is shipped_words
    # round 17's: repeats of a better hit's own heading demoted; its variant does not
    assert lookup.REPEATED_HEADING_WEIGHT == 0.5
    with patched(CHANGES["repeated headings not demoted"]):
        assert lookup.REPEATED_HEADING_WEIGHT == 1.0
    assert lookup.REPEATED_HEADING_WEIGHT == 0.5
    # round 31's variant: a page's sections after its best two demoted (not shipped)
    assert lookup.CROWDED_PAGE_WEIGHT == 1.0
    with patched(CHANGES["crowded pages demoted (not shipped)"]):
        assert lookup.CROWDED_PAGE_WEIGHT == 0.5
    assert lookup.CROWDED_PAGE_WEIGHT == 1.0
    with patched(CHANGES["collection prior 1"]):
        assert lookup.COLLECTION_PRIOR == 1
    with patched(CHANGES["collection prior 2 (rounds 13-14)"]):
        assert lookup.COLLECTION_PRIOR == 2
    # round 16's: the question's discourse markers left out; its variant keeps them
    assert lookup.DROP_MARKERS
    with patched(CHANGES["discourse markers kept"]):
        assert not lookup.DROP_MARKERS
    assert lookup.DROP_MARKERS
    # round 13's measured, not shipped, code ranking: off in the fusion, on in its variants
    assert lookup.CODE_WEIGHT == 0
    with patched(CHANGES["code ranking 1 (not shipped)"]):
        assert lookup.CODE_WEIGHT == 1
    with patched(CHANGES["clause leaders off (not shipped)"]):
        assert not lookup.CLAUSE_LEADERS
    # round 15's: a clause leader goes first only at a fifth of the top score; its variant puts it first at any
    assert lookup.CLAUSE_LEADER_SHARE == 0.2
    with patched(CHANGES["clause leaders at any score"]):
        assert lookup.CLAUSE_LEADER_SHARE == 0
    # the measured, not shipped, split of long prose runs: off in the shipped chunker, on in its variant
    assert chunker.LONG_PROSE_CHARS == 0
    with patched(CHANGES["long prose split (not shipped)"]):
        assert chunker.LONG_PROSE_CHARS > chunker.MAX_CHUNK_CHARS
    assert chunker.LONG_PROSE_CHARS == 0
    # the measured, not shipped, validation groups are a variant of their own, never the shipped data
    shipped = thesaurus.default_thesaurus()
    assert not any(thesaurus.key("nullable") in g for g in shipped.groups)
    with patched(CHANGES["validation words (not shipped)"]):
        assert any(thesaurus.key("nullable") in g for g in thesaurus.default_thesaurus().groups)
    assert thesaurus.default_thesaurus() is shipped
    # and so are round 15's graphics/UI groups
    assert not any(thesaurus.key("translucent") in g for g in shipped.groups)
    with patched(CHANGES["graphics words (not shipped)"]):
        assert any(thesaurus.key("translucent") in g for g in thesaurus.default_thesaurus().groups)
    assert thesaurus.default_thesaurus() is shipped


def test_round_32s_variant_reads_a_question_without_its_background_job_words():
    """howto_cv's "round 32's background-job words off" variant reads a question with the data file cut before round
    32's block: "dedupe" stands for idempotency with the shipped file and for itself alone in the variant."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("idempot",) in alternatives("dedupe the calls")
    with patched(CHANGES["round 32's background-job words off"]):
        # round 40's collection block, kept, reads "dedupe" as unique too; no idempotency
        assert {("dedup",), ("call",)} <= alternatives("dedupe the calls")
        assert ("idempot",) not in alternatives("dedupe the calls")
    assert ("idempot",) in alternatives("dedupe the calls")  # restored
    with patched(CHANGES["round 32's background-job words off"]):  # round 33's block is kept
        assert ("bernoulli",) in alternatives("a coin flip")


def test_round_33s_variant_reads_a_question_without_its_probability_words():
    """howto_cv's "round 33's probability words off" variant reads a question with the data file cut before round
    33's block: "Lorentzian" stands for Cauchy with the shipped file and for itself alone in the variant, whose
    reading of round 32's words is the shipped one."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("cauchi",) in alternatives("Lorentzian variates")
    with patched(CHANGES["round 33's probability words off"]):
        assert alternatives("Lorentzian variates") == {("lorentzian",), ("variat",)}
        assert ("idempot",) in alternatives("dedupe the calls")
        assert ("graphql",) in alternatives("a GQL call")  # round 34's block is kept
    assert ("cauchi",) in alternatives("Lorentzian variates")  # restored


def test_round_34s_variant_reads_a_question_without_its_wallet_and_key_service_words():
    """howto_cv's "round 34's wallet and key-service words off" variant reads a question with the data file cut
    before round 34's block: "GQL" stands for GraphQL with the shipped file and for itself alone in the variant,
    whose reading of round 33's words is the shipped one."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("graphql",) in alternatives("a GQL call")
    with patched(CHANGES["round 34's wallet and key-service words off"]):
        assert alternatives("a GQL call") == {("gql",), ("call",)}
        assert ("cauchi",) in alternatives("Lorentzian variates")
        assert ("spinner",) in alternatives("a busy indicator")  # round 35's block is kept
    assert ("graphql",) in alternatives("a GQL call")  # restored


def test_round_35s_variant_reads_a_question_without_its_command_line_tool_words():
    """howto_cv's "round 35's command-line tool words off" variant reads a question with the data file cut before
    round 35's block: "a busy indicator" stands for a spinner with the shipped file and for its own words alone in
    the variant, whose reading of round 34's words is the shipped one."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("spinner",) in alternatives("a busy indicator")
    with patched(CHANGES["round 35's command-line tool words off"]):
        assert alternatives("a busy indicator") == {("busi",), ("indic",)}
        assert ("graphql",) in alternatives("a GQL call")
        assert ("type", "alia") in alternatives("a typedef")  # round 36's block is kept
    assert ("spinner",) in alternatives("a busy indicator")  # restored


def test_round_36s_variant_reads_a_question_without_its_c_interop_words():
    """howto_cv's "round 36's C interop words off" variant reads a question with the data file cut before round
    36's block: "a typedef" stands for an alias with the shipped file and for itself alone in the variant, whose
    reading of round 35's words is the shipped one."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("type", "alia") in alternatives("a typedef")
    with patched(CHANGES["round 36's C interop words off"]):
        assert alternatives("a typedef") == {("typedef",)}
        assert ("spinner",) in alternatives("a busy indicator")
        assert ("keep", "aliv") in alternatives("persistent connections")  # round 37's block is kept
    assert ("type", "alia") in alternatives("a typedef")  # restored


def test_round_37s_variant_reads_a_question_without_its_connection_words():
    """howto_cv's "round 37's connection words off" variant reads a question with the data file cut
    before round 37's block: "persistent connections" stands for Keep-Alive with the shipped file and for its own
    words alone in the variant, whose reading of round 36's words is the shipped one."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("keep", "aliv") in alternatives("persistent connections")
    with patched(CHANGES["round 37's connection words off"]):
        assert ("keep", "aliv") not in alternatives("persistent connections")
        assert ("type", "alia") in alternatives("a typedef")
        assert ("set", "function") in alternatives("a setter")  # round 38's block is kept
    assert ("keep", "aliv") in alternatives("persistent connections")  # restored


def test_round_38s_variant_reads_a_question_without_its_observable_model_words():
    """howto_cv's "round 38's observable-model words off" variant reads a question with the data file cut
    before round 38's block: "a setter" stands for a set function with the shipped file and for its own word
    alone in the variant, whose reading of round 37's words is the shipped one."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("set", "function") in alternatives("a setter")
    with patched(CHANGES["round 38's observable-model words off"]):
        assert ("set", "function") not in alternatives("a setter")
        assert ("keep", "aliv") in alternatives("persistent connections")
    assert ("set", "function") in alternatives("a setter")  # restored


def test_round_39s_variant_reads_a_question_without_its_neural_network_words():
    """howto_cv's "round 39's neural-network words off" variant reads a question with the data file cut
    before round 39's block: "a neuron" stands for a node with the shipped file and for its own word alone in
    the variant, whose reading of round 38's words is the shipped one."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("node",) in alternatives("a neuron")
    with patched(CHANGES["round 39's neural-network words off"]):
        assert ("node",) not in alternatives("a neuron")
        assert ("set", "function") in alternatives("a setter")
    assert ("node",) in alternatives("a neuron")  # restored


def test_round_40s_variant_reads_a_question_without_its_collection_words():
    """howto_cv's "round 40's collection words off" variant reads a question with the data file cut before
    round 40's block: "tally" stands for count with the shipped file and for its own word alone in the variant,
    whose reading of round 39's words is the shipped one."""
    from lsp_server.knowledge import thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("count",) in alternatives("tally the votes")
    with patched(CHANGES["round 40's collection words off"]):
        assert ("count",) not in alternatives("tally the votes")
        assert ("node",) in alternatives("a neuron")
    assert ("count",) in alternatives("tally the votes")  # restored



def test_round_41s_variants_switch_its_rules_off_and_read_its_words_not_shipped():
    """howto_cv's "round 41's main" switches `merge_signature_entries` and the twins' exemption off; "list-operation
    words (not shipped)" reads "fold over" as reduce too, its reading of round 40's words the shipped one."""
    from lsp_server.knowledge import lookup, thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    assert ("reduc",) not in alternatives("fold over the list")
    with patched(CHANGES["list-operation words (not shipped)"]):
        assert ("reduc",) in alternatives("fold over the list")
        assert ("count",) in alternatives("tally the votes")
    assert ("reduc",) not in alternatives("fold over the list")  # restored
    with patched(CHANGES["round 41's main"]):
        assert not lookup.MERGE_SIGNATURE_ENTRIES and not lookup.SIGNATURE_TWINS_KEPT
    assert lookup.MERGE_SIGNATURE_ENTRIES and lookup.SIGNATURE_TWINS_KEPT


def test_round_42s_variants_switch_its_words_and_its_why_rule_off():
    """howto_cv's "round 42's main" reads "state holder" as its own words only and drops a why-question's "instead
    of" span; each of its two variants switches one of them off, the shipped setting restored after."""
    from lsp_server.knowledge import question_words, thesaurus
    from tests.corpus.engines.howto_cv import CHANGES, patched

    def alternatives(question):
        return {terms for c in thesaurus.question_concepts(question) for terms, _ in c.alternatives}

    why = "why make fresh instances instead of reusing singletons"
    assert ("store",) in alternatives("the state holder") and question_words.wanted_part(why) == why
    with patched(CHANGES["round 42's main"]):
        assert ("store",) not in alternatives("the state holder")
        assert ("count",) in alternatives("tally the votes")  # round 40's words kept
        assert question_words.wanted_part(why) == "why make fresh instances"
    with patched(CHANGES["why-questions drop their contrast"]):
        assert ("store",) in alternatives("the state holder")
        assert question_words.wanted_part(why) == "why make fresh instances"
    assert ("store",) in alternatives("the state holder") and question_words.wanted_part(why) == why  # restored
