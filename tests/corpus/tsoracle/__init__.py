"""TypeScript's own view of many npm packages' typings, compared with Footprint's object model (see tsoracle.py)."""
