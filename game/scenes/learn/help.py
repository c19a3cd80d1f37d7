"""The help panel: the game's rules, controls and table guide (`game/help/help.md`), readable and
searchable on the felt.

On the left, a search box over the list of headings (indented by level); on the right, the chosen
section and its subsections as formatted text that scrolls. Typing in the search box narrows the
list to the sections that contain every word typed and shows the first, the words picked out.
Paragraphs about rule options in force in the game being played are marked "In force" in gold.
The panel opens at an anchor: F1 or the menu at the table opens it where the player is likely to
need it, and "Why?" after a refused move opens it at the rule that refused it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.help import (
    BOLD,
    CODE,
    ITEM,
    NUMBERED,
    Block,
    HelpDocument,
    active_options,
    load_help,
    search,
)
from game.language import _, current, n_
from game.logic import Rules, RulesError
from game.scenes.gui_scene import GuiScene
from game.ui import theme as th
from game.ui.gui import escape, hex_colour

if TYPE_CHECKING:
    from game.scenes.base import Host

INDENT = "    "
HEADING_SCALE = {1: 1.9, 2: 1.5, 3: 1.25, 4: 1.25}


def rules_in_preferences(app: Host) -> Rules:
    """The rules a new game would use (for the help opened away from a table)."""
    try:
        return Rules.from_dict(app.prefs.rules or {})
    except RulesError:
        return Rules()


class HelpScene(GuiScene):
    """Rules and help; see the module docstring."""

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Rules and help")

    def __init__(
        self,
        app: Host,
        anchor: str = "help",
        rules: Rules | None = None,
        document: HelpDocument | None = None,
    ) -> None:
        super().__init__(app)
        self.document = document or load_help(current().code)
        self.rules = rules if rules is not None else rules_in_preferences(app)
        self.in_force = active_options(self.document, self.rules)
        self.anchor = anchor if anchor in self.document.anchors() else "help"
        self.query = ""
        self.listed: list[str] = list(self.document.anchors())
        self.search_box: pygame_gui.elements.UITextEntryLine | None = None
        self.headings: pygame_gui.elements.UISelectionList | None = None
        self.text_box: pygame_gui.elements.UITextBox | None = None
        self.found: pygame_gui.elements.UILabel | None = None

    # -- widgets -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        panel = self.panel_rect
        left_w = t.px(350)
        gap = t.px(14)
        entry_h = t.px(36)
        close_h = t.px(40)
        self.search_box = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(panel.left, panel.top, left_w, entry_h),
            manager=self.manager,
            placeholder_text=_("Search the help"),
        )
        self.search_box.set_text(self.query)
        self.found = pygame_gui.elements.UILabel(
            pygame.Rect(panel.left, panel.top + entry_h + t.px(4), left_w, t.px(24)),
            "",
            manager=self.manager,
        )
        list_top = panel.top + entry_h + t.px(32)
        self.headings = pygame_gui.elements.UISelectionList(
            pygame.Rect(panel.left, list_top, left_w, panel.bottom - list_top - close_h - gap),
            item_list=[],
            manager=self.manager,
        )
        pygame_gui.elements.UIButton(
            pygame.Rect(panel.left, panel.bottom - close_h, left_w, close_h),
            _("Close (Esc)"),
            manager=self.manager,
            object_id="#close",
        )
        text_rect = pygame.Rect(panel.left + left_w + gap, panel.top, 0, panel.height)
        text_rect.width = panel.right - text_rect.left
        self.text_box = pygame_gui.elements.UITextBox(
            "", text_rect, manager=self.manager, object_id="#help_text"
        )
        self._fill_list()
        self.show(self.anchor)

    def _label(self, anchor: str) -> str:
        section = self.document.section(anchor)
        return INDENT * max(0, section.level - 2) + section.heading

    def _fill_list(self) -> None:
        if self.headings is None:
            return
        self.headings.set_item_list([self._label(a) for a in self.listed])
        if self.found is not None:
            if self.query.strip():
                n = len(self.listed)
                found = n_("{n} section found", "{n} sections found", n).format(n=n)
                self.found.set_text(found if n else _("Nothing found"))
            else:
                self.found.set_text(_("Sections"))

    # -- what is shown -------------------------------------------------------------------------
    def show(self, anchor: str) -> None:
        """Show the section `anchor` and its subsections, scrolled to the top."""
        self.anchor = anchor
        if self.text_box is not None:
            self.text_box.set_text(self.section_html(anchor))
        if self.headings is not None and anchor in self.listed:
            self._mark_in_list(self.headings, self.listed.index(anchor))

    @staticmethod
    def _mark_in_list(headings: pygame_gui.elements.UISelectionList, index: int) -> None:
        """Select list item `index` and scroll the list so it is in view."""
        for position, item in enumerate(headings.item_list):
            item["selected"] = position == index
            button = item.get("button_element")
            if button is not None:
                (button.select if position == index else button.unselect)()
        bar = headings.scroll_bar
        if bar is not None and headings.item_list:
            share = index / len(headings.item_list)
            bar.set_scroll_from_start_percentage(max(0.0, share - bar.visible_percentage / 3))

    def shown_anchors(self, anchor: str) -> list[str]:
        """`anchor` and what follows it in its chapter: a chapter with its sections, a section
        with the sections after it (so a short rule is read on, not alone on the page). The top
        heading shows its own words only: the whole text would be too long for one page."""
        sections = self.document.sections
        start = self.document.index_of(anchor)
        level = sections[start].level
        out = [anchor]
        if level == 1:
            return out
        # A chapter runs to the next chapter; a section to the end of its chapter.
        stop_at = level if level == 2 else level - 1
        for section in sections[start + 1 :]:
            if section.level <= stop_at:
                break
            out.append(section.anchor)
        return out

    def section_html(self, anchor: str) -> str:
        body = self.app.theme.scale * 16
        parts = []
        for shown in self.shown_anchors(anchor):
            section = self.document.section(shown)
            size = round(body * HEADING_SCALE.get(section.level, 1.25))
            parts.append(
                f"<font color='{hex_colour(th.GOLD_LIGHT)}' pixel_size={size}><b>"
                f"{escape(section.heading)}</b></font><br>"
            )
            for index, block in enumerate(section.blocks):
                parts.append(self._block_html(block, (shown, index) in self.in_force) + "<br>")
            parts.append("<br>")
        return "".join(parts)

    def _block_html(self, block: Block, in_force: bool) -> str:
        text = "".join(self._span_html(span.text, span.style) for span in block.spans)
        if block.kind == ITEM:
            text = "\u2022 " + text
        elif block.kind == NUMBERED:
            text = f"{block.number}. {text}"
        if in_force:
            gold = hex_colour(th.GOLD_LIGHT)
            said = escape(_("In force:"))
            text = f"<font color='{gold}'><b>\u2605 {said}</b></font> {text}"
        return text

    def _span_html(self, text: str, style: str) -> str:
        html = self._highlight(escape(text))
        if style == BOLD:
            return f"<b>{html}</b>"
        if style == CODE:
            return f"<font color='{hex_colour(th.GOLD)}'>{html}</font>"
        return html

    def _highlight(self, html: str) -> str:
        words = [w for w in self.query.lower().split() if w]
        if not words:
            return html
        pattern = re.compile("|".join(re.escape(escape(w)) for w in words), re.IGNORECASE)
        colour = hex_colour(th.GOLD_LIGHT)
        return pattern.sub(lambda m: f"<font color='{colour}'><u>{m.group(0)}</u></font>", html)

    # -- searching -----------------------------------------------------------------------------
    def set_query(self, query: str) -> None:
        """Narrow the list to the sections that match `query` and show the first."""
        self.query = query
        if query.strip():
            hits = search(self.document, query)
            self.listed = list(dict.fromkeys(hit.anchor for hit in hits))
        else:
            self.listed = list(self.document.anchors())
        self._fill_list()
        if self.listed:
            self.show(self.listed[0] if query.strip() else self.anchor)

    # -- events --------------------------------------------------------------------------------
    def on_gui(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_object_id.endswith("#close"):
            self.close()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search_box:
            self.set_query(event.text)
            return True
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.headings
        ):
            for anchor in self.listed:
                if self._label(anchor) == event.text:
                    self.show(anchor)
                    return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_F1:
            self.close()
            return True
        if self.text_box is None or self.text_box.scroll_bar is None:
            return False
        steps = {
            pygame.K_PAGEDOWN: 0.8,
            pygame.K_PAGEUP: -0.8,
            pygame.K_DOWN: 0.1,
            pygame.K_UP: -0.1,
        }
        if event.key in steps:
            bar = self.text_box.scroll_bar
            bar.set_scroll_from_start_percentage(
                min(1.0, max(0.0, bar.start_percentage + steps[event.key] * bar.visible_percentage))
            )
            return True
        return False
