"""`python -m game.netplay.soak`: the soak test of network play, kept under its old name. The
tool itself lives in `game.netplay.tools.soak`."""

from .tools.soak import main, play_one, run

__all__ = ["main", "play_one", "run"]

if __name__ == "__main__":
    raise SystemExit(main())
