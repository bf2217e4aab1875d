"""whoosh's classes are made once per process, even when two workspaces build their docs indexes at the same
time: a schema pickled with a CodeTokenizer class other than the module's fails to write."""

from __future__ import annotations

import pickle
import threading

from lsp_server.knowledge import docs_index


def test_concurrent_first_calls_share_one_set_of_classes():
    for _ in range(20):
        docs_index._whoosh_once.cache_clear()
        start = threading.Barrier(8)
        made = []

        def first_call():
            start.wait()
            made.append(docs_index._whoosh())

        threads = [threading.Thread(target=first_call) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len({id(w.CodeTokenizer) for w in made}) == 1
        # The schema pickles by reference to the class the module gives back.
        assert pickle.loads(pickle.dumps(docs_index.make_schema())) is not None
