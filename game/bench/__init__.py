"""Benchmarks that print figures: `python -m game.bench engine` (and more as parts land)."""
