"""Convention rules: loading, selection, caps, remote sources and telemetry."""
