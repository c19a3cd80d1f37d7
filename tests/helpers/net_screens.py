"""Helpers for network screen tests: the other player as a headless peer (the computer playing its
seat over loopback TCP on its own thread), and stepping the app until something happens, bounded
in wall-clock time since the network runs on the real clock."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import pygame

from game import APP_VERSION
from game.app import App
from game.logic.rules import Rules
from game.match.net_table import NetTable
from game.netplay import (
    Autopilot,
    EndpointPort,
    PeerInfo,
    PlayPeer,
    ReliableSession,
    Role,
    proposal,
    restore_seat,
)
from game.netplay.session.joincode import new_join_code
from game.netplay.shell.savefile import JsonFileStore
from game.netplay.shell.tcp import NetplayGuest, NetplayHost
from game.netplay.tools.cli import session_config
from game.scenes.net.host import HostScene
from game.scenes.net.join import JoinScene
from game.scenes.title import TitleScene
from game.settings import Preferences
from tests.helpers.ui_events import DT, press, step, type_text

WAIT = 20.0  # seconds any single network step may take before the test fails


class HeadlessPeer:
    """The remote player. `answer` decides a rules disagreement as `PlayPeer` expects."""

    def __init__(
        self,
        role: Role,
        *,
        address: str = "",
        rules: Rules | None = None,
        answer: Callable[[Any], str | None] | None = None,
        give_up: float = 60.0,
        name: str = "Robot",
        version: str = APP_VERSION,
        code: str | None = None,
        save_to: str | None = None,
        resume: dict[str, Any] | None = None,
        play_factory: Callable[[Any], Any] | None = None,
        max_players: int = 2,
        level: str = "carefree",
    ) -> None:
        session = ReliableSession(
            role,
            PeerInfo(name, version),
            session_config(give_up),
            join_code=code or (new_join_code() if role is Role.HOST else None),
        )
        self.code = session.join_code or ""
        restore_seat(session, resume)
        if role is Role.HOST:
            self.endpoint: NetplayHost | NetplayGuest = NetplayHost(
                session, 0, bind_host="127.0.0.1"
            ).start()
        else:
            self.endpoint = NetplayGuest(session, address).start()
        kwargs: dict[str, Any] = {"answer": answer} if answer is not None else {}
        if play_factory is not None:
            kwargs["play_factory"] = play_factory
        self.peer = PlayPeer(
            role,
            EndpointPort(self.endpoint),
            Autopilot(level, seed=1),
            terms=proposal(rules or Rules()),
            name=name,
            store=JsonFileStore(save_to) if save_to else None,
            resume=resume,
            max_players=max_players,
            **kwargs,
        )
        self.notices: list[Any] = []
        self._lines: queue.SimpleQueue[str] = queue.SimpleQueue()
        self._stop = threading.Event()
        self.paused = threading.Event()  # while set, the computer does not move
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        assert isinstance(self.endpoint, NetplayHost)
        return f"127.0.0.1:{self.endpoint.port}"

    def say(self, text: str) -> None:
        self._lines.put(text)

    def _run(self) -> None:
        port = self.peer.port
        while not self._stop.is_set():
            port.wait(0.01)  # type: ignore[attr-defined]
            if self.paused.is_set():
                continue
            self.peer.pump()
            self.notices.extend(self.peer.pop_notices())
            while not self._lines.empty():
                self.peer.say(self._lines.get())

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(2.0)
        self.endpoint.stop(1.0)


def run_until(app: App, done: Callable[[], bool], seconds: float = WAIT) -> bool:
    """Step the app with a fixed dt until `done()`, giving the network real time to work."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(DT)
        if done():
            return True
        time.sleep(0.002)
    return done()


def open_host_screen(app: App) -> HostScene:
    """The Host screen over the title, listening on any free port."""
    app.prefs.host_port = 0
    app.stack.push(TitleScene(app))
    scene = HostScene(app)
    app.stack.push(scene)
    step(app)
    return scene


def join_by_typing(app: App, address: str, code: str) -> JoinScene:
    """The Join screen over the title; the player types the address, Enter, the code, Enter."""
    app.stack.push(TitleScene(app))
    scene = JoinScene(app)
    app.stack.push(scene)
    step(app)
    assert scene.address is not None
    scene.address.set_text("")
    type_text(app, address)
    press(app, pygame.K_RETURN)
    type_text(app, code)
    press(app, pygame.K_RETURN)
    return scene


class HeadlessTable:
    """A host's table of three or four on its own thread (the host's seat on AutoPilot):
    `seats` as `NetTable` takes them (None for a guest's, else a computer's level)."""

    def __init__(self, players: int, seats: dict[int, str | None], name: str = "Hana") -> None:
        prefs = Preferences()
        prefs.player_name = name
        prefs.skill_level = "carefree"
        self.table = NetTable(prefs, 0, players, seats, config=session_config(60.0))
        self.table.set_autopilot(True)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.table.port}"

    @property
    def code(self) -> str:
        return self.table.join_code

    def _run(self) -> None:
        while not self._stop.is_set():
            self.table.pump()
            self.table.take()
            time.sleep(0.005)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(2.0)
        self.table.stop()
