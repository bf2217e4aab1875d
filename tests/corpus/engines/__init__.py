"""`check_symbols` / `unknown-symbol` and how-to retrieval on real npm engines fetched at test time.

engines.py (the engines, their corpus, the evaluation), questions/ (the how-to golden set, by package@version
and heading), report.py (`python -m tests.corpus.engines.report`), test_engines.py (slow)."""
