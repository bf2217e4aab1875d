"""Benchmarks: scripts that print figures and PASS/MISS against a target (`python -m benchmarks.NAME`)."""
