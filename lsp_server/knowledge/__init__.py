"""What we know about the engine: its docs index, its object model, concept words."""
