"""Hand-made whole-game fixtures (deals built from the tricks a referee can read)."""
