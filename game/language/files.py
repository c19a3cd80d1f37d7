"""A language's catalog read from its `.po` file in `assets/locale/` (Babel reads it; the `.po`
file is what a translator edits, and nothing is compiled from it), and the language the system
is set to. A catalog that cannot be read leaves the game in English, with the reason logged."""

from __future__ import annotations

import functools
import gettext
import locale
import logging
from datetime import datetime
from pathlib import Path

from babel import Locale, UnknownLocaleError, default_locale
from babel.dates import format_skeleton, format_time
from babel.messages.pofile import PoFileError, read_po
from babel.numbers import format_decimal

from game.language import ENGLISH, Catalog, install
from game.resources import asset_path

log = logging.getLogger(__name__)

LOCALE_DIR = "locale"


def languages() -> dict[str, str]:
    """Every language the game can show, code → its name in itself ("es" → "Español")."""
    found = {ENGLISH: "English"}
    for path in sorted(asset_path(LOCALE_DIR).glob("*.po")):
        try:
            found[path.stem] = _name(path.stem)
        except (UnknownLocaleError, ValueError):
            log.info("%s: not a language Babel knows", path.name)
    return found


def _name(code: str) -> str:
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def system_language() -> str:
    """The system's language when the game has it, otherwise English."""
    wanted = default_locale(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")) or _os_locale()
    code = (wanted or ENGLISH).split("_")[0].split("-")[0].lower()
    return code if code in languages() else ENGLISH


def _os_locale() -> str | None:
    try:
        return locale.getlocale()[0]
    except ValueError:
        return None


def read_catalog(code: str, path: Path | None = None) -> Catalog:
    """The catalog of `code` from its `.po` file (English needs none). Raises OSError or
    ValueError for a file that is missing or cannot be read as a catalog."""
    if code == ENGLISH and path is None:
        return Catalog()
    source = path or asset_path(LOCALE_DIR, f"{code}.po")
    with source.open("rb") as file:
        try:
            po = read_po(file, locale=code, abort_invalid=True)
        except (PoFileError, UnicodeDecodeError) as error:
            raise ValueError(f"{source.name}: {error}") from error
    texts: dict[str, str] = {}
    counted: dict[tuple[str, str], tuple[str, ...]] = {}
    for message in po:
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, str) and isinstance(message.string, str):
            texts[message.id] = message.string
        elif not isinstance(message.id, str):
            forms = tuple(message.string)
            if all(forms):
                counted[(message.id[0], message.id[1])] = forms
    plural = gettext.c2py(po.plural_expr)
    return Catalog(
        code=code,
        name=_name(code),
        texts=texts,
        counted=counted,
        plural=plural,
        number=functools.lru_cache(maxsize=4096)(
            lambda value: format_decimal(value, locale=code, group_separator=True)
        ),
        decimal=functools.partial(_decimal, code),
        moment=functools.partial(_moment, code),
    )


def _decimal(code: str, value: float, digits: int) -> str:
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(value, format=pattern, locale=code, decimal_quantization=True)


def _moment(code: str, when: datetime) -> str:
    return (
        f"{format_skeleton('yMMMd', when, locale=code)} {format_time(when, 'short', locale=code)}"
    )


def use_language(code: str) -> str:
    """Install the catalog of `code` (English for one the game does not have, or whose file
    is damaged); returns the code in use."""
    if code not in languages():
        code = ENGLISH
    try:
        install(read_catalog(code))
    except (OSError, ValueError) as error:
        log.warning("the %s texts could not be read (%s): English is shown", code, error)
        install(Catalog())
        return ENGLISH
    return code
