"""Continue on the title screen for a saved network game: which one there is, and an offer to
take it up again that tells who hosted, the address and the code (the other player has to come
back too, so the player should know what to tell them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.language import _
from game.match import saved_game
from game.match.net_connection import how_to_resume
from game.netplay import Role
from game.scenes.dialog import DialogScene
from game.scenes.net.host import HostScene
from game.scenes.net.join import JoinScene

if TYPE_CHECKING:
    from game.scenes.base import Host


def network_game_saved() -> bool:
    """Whether a network game (hosted or joined) is saved and can be resumed."""
    return any(saved_game(role) is not None for role in Role)


def offer_network_resume(app: Host) -> DialogScene | None:
    """Ask whether to resume the saved network game(s); None if there is none."""
    saved = {role: doc for role in Role if (doc := saved_game(role)) is not None}
    if not saved:
        return None
    buttons: list[tuple[str, Any]] = []
    if Role.HOST in saved:
        buttons.append((_("Host it again"), Role.HOST))
    if Role.GUEST in saved:
        buttons.append((_("Join it again"), Role.GUEST))
    buttons.append((_("Not now"), None))
    message = " ".join(how_to_resume(doc, _) for doc in saved.values())
    if any("table" in doc for doc in saved.values()):
        back = _("{how} Your friends have to come back to it too.")
    else:
        back = _("{how} Your friend has to come back to it too.")

    def chosen(role: Any) -> None:
        if role is Role.HOST:
            app.stack.push(HostScene(app, resume=True))
        elif role is Role.GUEST:
            app.stack.push(JoinScene(app, resume=True))

    dialog = DialogScene(
        app,
        _("Resume the network game?"),
        back.format(how=message),
        buttons,
        on_result=chosen,
        width=760,
    )
    app.stack.push(dialog)
    return dialog
