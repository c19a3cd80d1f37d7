"""The card table: the scene, where its cards lie and how they move, the status bar, the
player's moves and the learning panel, the hint panel, AutoStep, the scores over the table and
the headless photographer."""
