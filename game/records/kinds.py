"""The two kinds of opponent a game is recorded against (column `games.opponent_kind`)."""

COMPUTER = "computer"
NETWORK = "network"
