"""What a visitor chose on a game's form, checked by the same core functions the CLI calls.

Every field carries the text of one CLI option; each is checked on its own (so an error is
shown next to its own field) and then together, by calling the core parser for that option
and keeping its PrintablesError message word for word. Nothing here validates by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Callable, Mapping

from printables.errors import PrintablesError
from printables.games import GameSpec

#: The longest text a field may hold; longer values are cut (the query is bounded anyway).
FIELD_CHARS = 200
#: Form-wide errors (options that are fine alone but not together) go under this key.
FORM = "form"


@dataclass(frozen=True)
class Choices:
    """The form's values as text, one per CLI option ("" = the option is not given)."""

    paper: str = "A4"
    size: str = ""
    theme: str = "colour"
    diameter: str = ""
    sheet: str = "600x400"
    kerf: str = "0"
    profile: str = "default"
    parts: str = "board,pieces"
    options: tuple[tuple[str, str], ...] = field(default=())

    def option_args(self) -> tuple[str, ...]:
        """The game options as the CLI's --option KEY=VALUE texts."""
        return tuple(f"{k}={v}" for k, v in self.options if v)

    def query(self) -> dict[str, str]:
        """The choices as form fields (for links and the preview's address)."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "options"}
        out.update({f"opt.{k}": v for k, v in self.options})
        return out


TEXT_FIELDS = tuple(f.name for f in fields(Choices) if f.name != "options")


def read_choices(game: GameSpec, args: Mapping[str, str]) -> Choices:
    """Choices from request fields; missing fields keep the CLI's defaults, unknown ones are
    ignored (so nothing but these texts reaches the core)."""
    default = Choices()
    values = {name: _text(args.get(name, getattr(default, name))) for name in TEXT_FIELDS}
    options = tuple((key, _text(args.get(f"opt.{key}", ""))) for key in game.default_options)
    return Choices(**values, options=options)


def _text(value) -> str:
    return str(value).strip()[:FIELD_CHARS]


def _checks(game: GameSpec, ch: Choices) -> dict[str, Callable[[], object]]:
    """One call of a core parser per field: the CLI option that field stands for."""
    from printables.products.boards_cmd import board_request, get_theme
    from printables.products.kit import kit_paper
    from printables.products.laser import laser_request
    from printables.units import parse_length
    checks: dict[str, Callable[[], object]] = {
        "paper": lambda: kit_paper(ch.paper),
        "size": lambda: board_request(game, ch.size or None),
        "theme": lambda: get_theme(ch.theme),
        "diameter": lambda: ch.diameter and parse_length(ch.diameter, "diameter"),
        "sheet": lambda: laser_request(sheet=ch.sheet or None),
        "kerf": lambda: laser_request(kerf=ch.kerf or None),
        "profile": lambda: laser_request(profile=ch.profile),
        "parts": lambda: laser_request(parts=ch.parts),
    }
    for key, text in ch.options:
        if text:
            checks[f"opt.{key}"] = (lambda a=f"{key}={text}": board_request(game, None, (a,)))
    return checks


def field_errors(game: GameSpec, ch: Choices) -> dict[str, str]:
    """field -> the CLI's one-line message for its value; FORM for a clash between fields."""
    errors: dict[str, str] = {}
    for name, check in _checks(game, ch).items():
        try:
            check()
        except PrintablesError as e:
            errors[name] = str(e)
    if not errors:
        from printables.products.boards_cmd import board_request
        try:
            board_request(game, ch.size or None, ch.option_args())
        except PrintablesError as e:
            errors[FORM] = str(e)
    return errors
