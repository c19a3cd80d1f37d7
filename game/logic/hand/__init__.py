"""One hand of Canasta as the engine plays it, in the pieces `Game` asks: the deal, laid Threes
and talons, the pile, melding, the initial meld, going out, and each player's and the turn's
state."""
