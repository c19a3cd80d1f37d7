"""Network play's screens: host, join, invite codes, the rules agreement, resuming a saved
network game, the partner leaving, and the table of a network game with its chat."""
