"""The player's records on screen: players, history, statistics, hall of fame, league, charts,
and playing the same cards again."""
