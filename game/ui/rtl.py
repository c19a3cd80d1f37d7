"""Right-to-left text (Hebrew, Arabic) shown as it is read: the Unicode bidirectional algorithm
puts a line's characters in display order (python-bidi), and Arabic letters take their joined
forms first (arabic-reshaper), since the font renders a line from left to right. Text with no
right-to-left letter is returned as it is, without importing either library; without them (an
install that lacks them) the text is shown in logical order, as before, and the game plays on."""

from __future__ import annotations

import logging
import re

log = logging.getLogger(__name__)

# Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, and their presentation forms.
RTL_LETTERS = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
_missing_told = False


def visual_order(text: str) -> str:
    """`text` (one line, in logical order) in the order its characters are drawn."""
    global _missing_told
    if not RTL_LETTERS.search(text):
        return text
    try:
        import arabic_reshaper
        from bidi import get_display
    except ImportError as exc:
        if not _missing_told:
            _missing_told = True
            log.warning("right-to-left text is shown unordered: %s", exc)
        return text
    return str(get_display(arabic_reshaper.reshape(text)))
