"""`python -m game.netplay.cli`: the headless network game, kept under its old name. The tool
itself lives in `game.netplay.tools.cli`."""

from .tools.cli import APP_VERSION, build_parser, main, run, session_config

__all__ = ["APP_VERSION", "build_parser", "main", "run", "session_config"]

if __name__ == "__main__":
    main()
