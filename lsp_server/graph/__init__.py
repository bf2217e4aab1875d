"""The workspace import graph: resolution, cycles, layering."""
