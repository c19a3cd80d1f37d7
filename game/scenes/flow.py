"""Getting to the table: a new game, the saved game (Continue), and what opens at start.

The title screen's New game and Continue, the crash screen's way home and `main.py` all come
through here, so a game is always set up the same way: the player's rule options and opponent
from the preferences, or the autosave. A saved game that cannot be restored never stops anyone
playing: the player is told why in plain words and a fresh game is dealt.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.match import (
    LocalMatch,
    SavedGameError,
    autosave_exists,
    load_autosave,
    local_match,
)
from game.match.autosaved_game import autosave_path
from game.match.net_connection import save_path
from game.match.recording import Recording, new_local_game, numbered_greeting
from game.netplay import Role
from game.scenes.dialog import confirm_dialog, message_dialog
from game.scenes.table.table import TableOptions, TableScene
from game.storage import remove_stale_temporaries

if TYPE_CHECKING:
    from game.scenes.base import Host


def tidy_save_folder() -> list[Path]:
    """At start: remove the temporary files a killed process left beside the autosave and the
    saved network games (a save is written to one, then renamed)."""
    removed = remove_stale_temporaries(autosave_path())
    for role in Role:
        removed += remove_stale_temporaries(save_path(role))
    return removed


def start_new_game(
    app: Host,
    options: TableOptions | None = None,
    *,
    seed: int | None = None,
    level: str | None = None,
    autoplay: bool = False,
    players: int | None = None,
) -> TableScene:
    give_up_saved_game(app)
    records = app.players.records
    game, setup, warning = new_local_game(
        app.prefs, records, seed=seed, level=level, autoplay=autoplay, players=players
    )
    options = options or TableOptions()
    notice = warning or numbered_greeting(setup)
    if notice:
        options.notice = notice
    match = local_match(game, records=records, setup=setup, autosave=app.prefs.autosave)
    table = TableScene(app, match, options=options)
    app.stack.push(table)
    return table


def continue_game(app: Host, options: TableOptions | None = None) -> TableScene:
    """Open the saved game; if it cannot be restored, say why and deal a new one."""
    try:
        game = load_autosave()
    except SavedGameError as exc:
        table = start_new_game(app, options)
        message_dialog(
            app, "The saved game could not be restored", f"{exc} A new game has been dealt instead."
        )
        return table
    # Whoever was watching, the person at the keyboard takes their seat back.
    game.set_autoplay(False)
    options = options or TableOptions()
    options.notice = options.notice or "Your saved game is restored: carry on where you left off."
    table = TableScene(app, local_match(game, records=app.players.records), options=options)
    # "Last plays" shows how the game stood, as it did before the game was left.
    table.retell_plays()
    app.stack.push(table)
    return table


def give_up_saved_game(app: Host) -> None:
    """A new game replaces the saved one: the saved game goes into the history as abandoned."""
    if not autosave_exists():
        return
    try:
        saved = load_autosave()
    except SavedGameError:
        return
    if saved.record_id is not None:
        recording = Recording.resume(app.players.records, saved.record_id)
        if recording is not None:
            recording.abandon(saved.game)


def launch(app: Host, options: TableOptions | None = None) -> TableScene:
    """What `python main.py` opens: the saved game if there is one (offering a fresh start), else
    a new game against the computer."""
    if not autosave_exists():
        table = start_new_game(app, options)
        offer_tutorial(app)
        return table
    table = continue_game(app, options)
    match = table.match
    if isinstance(match, LocalMatch) and match.game.game.log:
        confirm_dialog(
            app,
            "Welcome back",
            "Your game in progress has been restored. Carry on, or start a new game?",
            lambda carry_on: None if carry_on else table.new_game(),
            yes="Carry on",
            no="New game",
            default_yes=True,
        )
    return table


def open_help(app: Host, anchor: str = "help") -> None:
    """The help panel over whatever is open (the title screen's Help, the table's F1)."""
    from game.scenes.learn.help import HelpScene

    app.stack.push(HelpScene(app, anchor))


def open_learning_scene(app: Host, name: str, *, seed: int | None = None) -> None:
    """`main.py --scene help|tutorial|explore`: the help, the tutorial, or Explore over a new
    game against the computer."""
    if name == "help":
        open_help(app)
    elif name == "tutorial":
        from game.scenes.learn.tutorial import TutorialScene

        app.stack.push(TutorialScene(app, TableScene))
    elif name == "explore":
        table = start_new_game(app, seed=seed)
        table.learning.open_explore()


def offer_tutorial(app: Host) -> None:
    """At the very first start, offer the tutorial once (the preference remembers the offer)."""
    if app.prefs.tutorial_offered:
        return
    app.prefs.tutorial_offered = True
    app.preferences_changed()

    def answer(yes: bool) -> None:
        if yes:
            from game.scenes.learn.tutorial import TutorialScene

            app.stack.push(TutorialScene(app, TableScene))

    confirm_dialog(
        app,
        "New to Canasta?",
        "A short tutorial plays a hand on this table, move by move, and explains each rule as "
        "it comes up. You can stop it at any time and come back to your game.",
        answer,
        yes="Show me",
        no="Not now",
        default_yes=True,
    )
