"""Where the game writes: platform folders through platformdirs, the `CANASTA_*` overrides, the
files of earlier versions carried over, and the Linux menu entry installed and removed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import desktop, settings
from game import main as game_main


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No overrides, and a private home with private XDG folders."""
    for name in ("CANASTA_CONFIG_DIR", "CANASTA_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    return tmp_path


def test_overrides_win(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CANASTA_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("CANASTA_DATA_DIR", str(tmp_path / "d"))
    assert settings.config_dir() == tmp_path / "c"
    assert settings.data_dir() == tmp_path / "d"
    assert settings.preferences_path() == tmp_path / "c" / "preferences.json"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_linux_folders_are_where_earlier_versions_put_them(clean_env: Path) -> None:
    assert settings.config_dir() == clean_env / "xdg-config" / "canasta"
    assert settings.data_dir() == clean_env / "xdg-data" / "canasta"
    assert settings.legacy_dirs() == {
        "config": settings.config_dir(),
        "data": settings.data_dir(),
    }


def test_earlier_folders_of_each_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    monkeypatch.setattr(Path, "home", lambda: tmp_path / "me")
    assert settings.legacy_dirs("win32") == {
        "config": tmp_path / "Roaming" / "Canasta",
        "data": tmp_path / "Local" / "Canasta",
    }
    support = tmp_path / "me" / "Library" / "Application Support" / "Canasta"
    assert settings.legacy_dirs("darwin") == {"config": support, "data": support}


def test_files_left_by_an_earlier_version_are_carried_over_and_read(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old_config = clean_env / "old" / "Canasta"
    old_data = clean_env / "old-data" / "Canasta"
    old_config.mkdir(parents=True)
    old_data.mkdir(parents=True)
    settings.Preferences(player_name="Old Hand", sound_volume=17).save(
        old_config / "preferences.json"
    )
    (old_data / "autosave.json").write_text('{"v": 1}\n', encoding="utf-8")
    # Today's data folder already has a newer autosave of its own: it must not be replaced.
    settings.data_dir().mkdir(parents=True)
    (settings.data_dir() / "autosave.json").write_text('{"v": 2}\n', encoding="utf-8")

    copied = settings.adopt_legacy_files({"config": old_config, "data": old_data})

    assert copied == [settings.config_dir() / "preferences.json"]
    prefs = settings.Preferences.load()
    assert (prefs.player_name, prefs.sound_volume) == ("Old Hand", 17)
    assert (settings.data_dir() / "autosave.json").read_text(encoding="utf-8") == '{"v": 2}\n'
    assert (old_config / "preferences.json").exists()  # copied, not moved
    # A second start finds nothing left to do.
    assert settings.adopt_legacy_files({"config": old_config, "data": old_data}) == []


def test_overridden_folders_adopt_nothing(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = clean_env / "old"
    old.mkdir()
    (old / "preferences.json").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("CANASTA_CONFIG_DIR", str(clean_env / "override"))
    assert settings.adopt_legacy_files({"config": old}) == []
    assert not (clean_env / "override").exists()


def test_the_same_folder_is_not_copied_onto_itself(clean_env: Path) -> None:
    settings.config_dir().mkdir(parents=True)
    (settings.config_dir() / "preferences.json").write_text("{}", encoding="utf-8")
    assert settings.adopt_legacy_files({"config": settings.config_dir()}) == []


# -- Linux desktop menu ---------------------------------------------------------------------

linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="desktop entries are a Linux desktop's"
)


@linux_only
def test_install_and_uninstall_desktop_entry(
    clean_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = clean_env / "xdg-data" / "applications" / "canasta.desktop"
    icon = clean_env / "xdg-data" / "icons" / "hicolor" / "256x256" / "apps" / "canasta.png"

    assert game_main.main(["--install-desktop"]) == 0
    assert entry.is_file() and icon.is_file()
    assert icon.read_bytes() == desktop.ICON_SOURCE.read_bytes()
    fields = dict(
        line.split("=", 1) for line in entry.read_text(encoding="utf-8").splitlines() if "=" in line
    )
    assert fields["Exec"] == f"{sys.executable} -m game.main"
    assert Path(fields["Path"], "game", "main.py").is_file()
    assert fields["Icon"] == "canasta" and fields["Terminal"] == "false"
    assert "Game;" in fields["Categories"]
    assert str(entry) in capsys.readouterr().out
    # Installing again (a newer copy) simply rewrites the entry.
    assert game_main.main(["--install-desktop"]) == 0

    assert game_main.main(["--uninstall-desktop"]) == 0
    assert not entry.exists() and not icon.exists()
    assert str(entry) in capsys.readouterr().out
    assert game_main.main(["--uninstall-desktop"]) == 0
    assert "was not in the application menu" in capsys.readouterr().out


@linux_only
def test_the_built_app_s_entry_starts_its_executable(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/Canasta Game/Canasta")
    text = desktop.desktop_entry()
    assert 'Exec="/opt/Canasta Game/Canasta"\n' in text
    assert "\nPath=" not in text


def test_exec_arguments_are_quoted_as_the_desktop_entry_specification_says() -> None:
    assert desktop.exec_argument("/usr/bin/python3") == "/usr/bin/python3"
    assert desktop.exec_argument("/home/me/My Games/python") == '"/home/me/My Games/python"'
    # `a"b$c\d` is "a\"b\$c\\d" on the command line; each backslash doubles again in the file.
    assert desktop.exec_argument('a"b$c\\d') == '"a\\\\"b\\\\$c\\\\\\\\d"'
    assert desktop.exec_argument("100%") == "100%%"


@linux_only
@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="no validator here")
def test_the_desktop_entry_is_valid(clean_env: Path) -> None:
    entry, _icon = desktop.install()
    result = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_desktop_integration_elsewhere_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], clean_env: Path
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert desktop.command(adding=True) == 2
    assert "for Linux" in capsys.readouterr().out
    assert not (clean_env / "xdg-data" / "applications").exists()
