"""Learning screens: the help, the tutorial and Explore."""
