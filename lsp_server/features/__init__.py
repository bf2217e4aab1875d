"""Editor features that are pure functions over parsed documents: footprints, hover, find in files."""
