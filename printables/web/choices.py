"""What a visitor chose on a game's form, checked by the same functions the CLI uses.

Every field carries the text of one CLI option; each is checked on its own (so an error is
shown next to its own field) and then together, by the click option of that CLI command
(its type and callback: `--dpi` ranges, digits 0-9 in `--kerf` and `--tabs`, ...) and then
the core parser for that option, keeping their messages word for word. Nothing here
validates by itself.

Rulings (ours): one Paper field serves the pieces and the kit, so it offers every paper
`pieces --paper` takes; a paper the kit refuses is reported on the kit's download (key
"kit"), not on the field, since the pieces are fine on it. A download is refused only for
errors in the fields its command uses (Product.fields), so a bad laser value does not stop
a board download.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Callable, Iterable, Mapping

from printables.errors import PrintablesError, UsageError
from printables.games import GameSpec

#: The longest text a field may hold; longer values are cut (the query is bounded anyway).
FIELD_CHARS = 200
#: Form-wide errors (options that are fine alone but not together) go under this key.
FORM = "form"
#: The kit's own error (a paper the kit does not take) goes under this key.
KIT = "kit"
#: What the preview draws depends on these fields only ("opt." stands for every game option).
PREVIEW_FIELDS = ("size", "theme", "opt.", FORM)


@dataclass(frozen=True)
class Choices:
    """The form's values as text, one per CLI option ("" = the option is not given)."""

    paper: str = "A4"
    size: str = ""
    theme: str = "colour"
    dpi: str = "150"
    diameter: str = ""
    gutter: str = "0"
    pages: str = ""
    impose: str = ""
    sheet: str = "600x400"
    kerf: str = "0"
    profile: str = "default"
    parts: str = "board,pieces"
    material: str = "3mm-plywood"
    tabs: str = "0"
    joints: str = "dowels"
    no_reference: str = ""
    options: tuple[tuple[str, str], ...] = field(default=())

    def option_args(self) -> tuple[str, ...]:
        """The game options as the CLI's --option KEY=VALUE texts."""
        return tuple(f"{k}={v}" for k, v in self.options if v)

    def query(self) -> dict[str, str]:
        """The choices as form fields (for links and the preview's address)."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "options"}
        out.update({f"opt.{k}": v for k, v in self.options})
        return out

    def preview_part(self) -> "Choices":
        """Only what the preview depends on (so other fields do not miss its cache)."""
        return Choices(size=self.size, theme=self.theme, options=self.options)


TEXT_FIELDS = tuple(f.name for f in fields(Choices) if f.name != "options")


def read_choices(game: GameSpec, args: Mapping[str, str]) -> Choices:
    """Choices from request fields; missing fields keep the CLI's defaults, unknown ones are
    ignored (so nothing but these texts reaches the core). A checkbox that is not ticked
    sends nothing, so no_reference is "" unless the request carries it."""
    default = Choices()
    values = {name: _text(args.get(name, getattr(default, name))) for name in TEXT_FIELDS}
    options = tuple((key, _text(args.get(f"opt.{key}", ""))) for key in game.default_options)
    return Choices(**values, options=options)


def _text(value) -> str:
    return str(value).strip()[:FIELD_CHARS]


def cli_value(command: str, option: str, text: str) -> Any:
    """text read as the CLI's `printables COMMAND OPTION text` reads it: the click option's
    type and callback, with the CLI's own line when it refuses (a UsageError)."""
    import click

    from printables.cli import cli
    cmd = cli.commands[command]
    param = next(p for p in cmd.params if option in p.opts)
    ctx = click.Context(cmd, info_name=f"printables {command}")
    try:
        return param.process_value(ctx, text)
    except click.UsageError as e:  # as printables.cli prints it
        raise UsageError(f"{e.format_message()} (see '{ctx.command_path} --help')",
                         input=text) from None


def gutter_mm(text: str) -> float:
    """--gutter in mm, as `printables pieces` reads it (0 means none)."""
    from printables.units import parse_length
    return parse_length(text, "gutter") if text not in ("0", "0mm") else 0.0


def impose_sheet(ch: Choices) -> str:
    """The sheet the folding booklet is imposed on: the field, else letter for Letter paper
    and A4 for the rest (as the kit does)."""
    return ch.impose or ("letter" if ch.paper.lower() == "letter" else "A4")


def _checks(game: GameSpec, ch: Choices) -> dict[str, Callable[[], object]]:
    """One check per field: the CLI option that field stands for."""
    from printables.products.board import board_request
    from printables.render.theme import get_theme
    from printables.products.booklet.book import booklet_pages
    from printables.products.laser import laser_request
    from printables.units import parse_length, parse_paper
    checks: dict[str, Callable[[], object]] = {
        "paper": lambda: parse_paper(ch.paper),
        "size": lambda: board_request(game, ch.size or None),
        "theme": lambda: get_theme(ch.theme),
        "dpi": lambda: cli_value("board", "--dpi", ch.dpi),
        "diameter": lambda: ch.diameter and _pieces(game, parse_length(ch.diameter, "diameter")),
        "gutter": lambda: _pieces(game, gutter=gutter_mm(ch.gutter)),
        "pages": lambda: booklet_pages(ch.pages or None, None),
        "sheet": lambda: laser_request(sheet=ch.sheet or None),
        "profile": lambda: laser_request(profile=ch.profile),
        "material": lambda: laser_request(material=ch.material),
    }
    for name in ("kerf", "tabs", "parts", "joints"):  # click checks these first
        checks[name] = (lambda n=name: laser_request(**{n: cli_value("laser", f"--{n}",
                                                                     getattr(ch, n))}))
    for key, text in ch.options:
        if text:
            checks[f"opt.{key}"] = (lambda a=f"{key}={text}": board_request(game, None, (a,)))
    return checks


def _pieces(game: GameSpec, diameter: float | None = None, gutter: float = 0.0) -> None:
    """The piece sheet's own range checks (diameter, gutter), on A4."""
    from printables.products.pieces.sheet import piece_sheet
    from printables.units import parse_paper
    piece_sheet(game, parse_paper("A4"), diameter, gutter=gutter)


def _together(game: GameSpec, ch: Choices) -> dict[str, tuple[tuple[str, ...], Callable]]:
    """Checks of fields that are fine alone: key -> (the fields it reads, the check)."""
    from printables.products.board import board_request
    from printables.products.booklet.book import booklet_pages
    from printables.products.kit import kit_paper
    return {FORM: (("size", "opt."), lambda: board_request(game, ch.size or None,
                                                            ch.option_args())),
            "impose": (("pages",), lambda: booklet_pages(ch.pages or None, impose_sheet(ch))),
            KIT: (("paper",), lambda: kit_paper(ch.paper))}


def field_errors(game: GameSpec, ch: Choices,
                 only: Iterable[str] | None = None) -> dict[str, str]:
    """field -> the CLI's one-line message for its value (FORM: a clash between board
    fields, KIT: a paper the kit refuses); with only, just the errors of those fields."""
    errors = _run_checks(_checks(game, ch))
    ready = {k: check for k, (reads, check) in _together(game, ch).items()
             if not pick(errors, reads)}
    errors.update(_run_checks(ready))
    return errors if only is None else pick(errors, only)


def _run_checks(checks: dict[str, Callable[[], object]]) -> dict[str, str]:
    errors: dict[str, str] = {}
    for name, check in checks.items():
        try:
            check()
        except PrintablesError as e:
            errors[name] = str(e)
    return errors


def pick(errors: Mapping[str, str], names: Iterable[str]) -> dict[str, str]:
    """The errors of the named fields ("opt." names every game option)."""
    names = tuple(names)
    return {k: v for k, v in errors.items()
            if k in names or any(n.endswith(".") and k.startswith(n) for n in names)}
