"""The kinds of opponent a game is recorded against (column `games.opponent_kind`).

Two-player games are against a computer level or a network player. Games of three and four are
kinds of their own, so their statistics, streaks and league rows never mix with the two-player
ones: the `opponent` column then names the other players' levels, in seat order.
"""

COMPUTER = "computer"
NETWORK = "network"
THREE = "three"
FOUR = "four"

# The kinds whose games make one opponent between them (all network peers; a table of three;
# a table of four), where each computer level is an opponent of its own.
TABLE_KINDS = {3: THREE, 4: FOUR}
GROUPED = (NETWORK, THREE, FOUR)
