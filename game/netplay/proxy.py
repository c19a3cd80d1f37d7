"""The TCP fault proxy under its older import path; it lives in `game.netplay.tools.proxy`."""

from .tools.proxy import FaultProxy, ProxyStats, main

__all__ = ["FaultProxy", "ProxyStats", "main"]

if __name__ == "__main__":
    raise SystemExit(main())
