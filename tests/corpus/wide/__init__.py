"""The engine mutation evaluation over the tsoracle and jsoracle packages' READMEs (wide.py, report.py, test_wide.py)."""
