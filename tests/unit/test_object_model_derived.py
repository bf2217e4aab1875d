"""`ObjectModel.derived`: a fact other modules derive from the model is computed once per model, by one thread
while the others asking for it wait, and different facts do not wait for each other."""

import threading

from lsp_server.knowledge.object_model import ObjectModel


def test_a_derived_fact_is_computed_once_though_many_threads_ask_for_it_at_once():
    model = ObjectModel([])
    started, release = threading.Event(), threading.Event()
    calls: list[int] = []

    def compute():
        calls.append(1)
        started.set()
        assert release.wait(30)
        return frozenset({"x"})

    results: list[frozenset] = []
    threads = [threading.Thread(target=lambda: results.append(model.derived("test.fact", compute)))
               for _ in range(4)]
    for t in threads:
        t.start()
    assert started.wait(30)
    assert not model.has_derived("test.fact")  # being computed: not there yet
    release.set()
    for t in threads:
        t.join(30)
    assert calls == [1]
    assert results == [frozenset({"x"})] * 4
    assert model.has_derived("test.fact")


def test_another_fact_is_not_held_up_by_one_being_computed():
    model = ObjectModel([])
    started, release = threading.Event(), threading.Event()

    def slow():
        started.set()
        assert release.wait(30)
        return 1

    t = threading.Thread(target=lambda: model.derived("test.slow", slow))
    t.start()
    assert started.wait(30)
    assert model.derived("test.quick", lambda: 2) == 2  # answered while "test.slow" is still computing
    release.set()
    t.join(30)
    assert model.derived("test.slow", lambda: 3) == 1  # computed once: the second compute is never called


def test_a_failed_computation_keeps_nothing_and_is_tried_again():
    model = ObjectModel([])

    def broken():
        raise OSError("unreadable")

    try:
        model.derived("test.fact", broken)
    except OSError:
        pass
    assert not model.has_derived("test.fact")
    assert model.derived("test.fact", lambda: "read") == "read"
