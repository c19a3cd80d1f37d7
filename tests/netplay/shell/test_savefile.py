"""Saved games are written atomically: the old file or the new one, never a torn mixture, and no
temporary file left behind."""

from __future__ import annotations

import json
import os

import pytest

from game.netplay.shell.savefile import read_json, write_json_atomic


def test_a_save_replaces_the_old_file_in_one_step(tmp_path):
    path = tmp_path / "games" / "save.json"
    write_json_atomic(path, {"hand": 1, "name": "Zoë"})
    write_json_atomic(path, {"hand": 2})
    assert read_json(path) == {"hand": 2}
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]


def test_a_failed_save_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    write_json_atomic(path, {"hand": 1})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"bad": object()})

    def disk_full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError):
        write_json_atomic(path, {"hand": 2})
    assert json.loads(path.read_text()) == {"hand": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_reading_refuses_a_file_that_is_not_a_saved_game(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2]")
    with pytest.raises(ValueError):
        read_json(path)


def test_a_peer_given_a_json_file_store_writes_through_it(tmp_path):
    from game.netplay.play.peer import PlayPeer
    from game.netplay.session.handshake import Role
    from game.netplay.shell.savefile import JsonFileStore

    store = JsonFileStore(tmp_path / "game.json")
    peer = PlayPeer(Role.HOST, port=None, decider=None, store=store)  # type: ignore[arg-type]
    assert peer.store is store
    peer.store.write({"format": "test"})
    assert read_json(tmp_path / "game.json") == {"format": "test"}
