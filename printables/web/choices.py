"""What a visitor chose on a game's form, checked by the product table's own parsers.

The form's fields are the registry's (printables.products.registry): the game request's
size, theme and game options, then each product's fields, each under its form key, in
the table's order; a field two products share (--dpi, the paper of the pieces and the kit)
is one field. Each is checked on its own by its field's parser (so an error is shown next
to it, in the CLI's words), then together (size with the options, the booklet page with
its fold sheet, the kit's paper). Nothing here validates by itself.

Rulings (ours): one size field: a game whose --size counts cells offers no separate "size"
option; fields that name files (setup --layout, booklet --layouts) are not on the page, so
nothing a request sends becomes a path; one Paper field serves the pieces and the kit, so
it offers every paper `pieces --paper` takes, and a paper the kit refuses is reported on
the kit's download (key "kit"), not on the field. A download is refused only for errors in
the fields its command uses, so a bad laser value does not stop a board download.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from printables.errors import PrintablesError
from printables.games import GameSpec
from printables.products.registry import PRODUCTS, theme_names
from printables.products.requests import BookletRequest, Field, GameRequest, LaserRequest, kit_paper
from printables.products.variant import size_counts_cells
from printables.render.theme import DEFAULT_THEME

#: The longest text a field may hold; longer values are cut (the query is bounded anyway).
FIELD_CHARS = 200
#: Form-wide errors (options that are fine alone but not together) go under this key.
FORM = "form"
#: The kit's own error (a paper the kit does not take) goes under this key.
KIT = "kit"
#: What the preview draws depends on these fields only ("opt." stands for every game option).
PREVIEW_FIELDS = ("size", "theme", "opt.", FORM)
#: Fields that name files or folders on the server: never on the page.
NOT_ON_PAGE = ("layout", "layouts")


def form_fields() -> dict[str, tuple[str, Field]]:
    """Form key -> (the product that shows it first, its field), in the table's order."""
    out: dict[str, tuple[str, Field]] = {}
    for name, product in PRODUCTS.items():
        for f in product.request.FIELDS:
            if f.name not in NOT_ON_PAGE and f.key not in out:
                out[f.key] = (name, f)
    return out


@dataclass(frozen=True)
class Choices:
    """The form's values as text, by form key ("" = not given), and the game options."""

    size: str = ""
    theme: str = DEFAULT_THEME
    texts: tuple[tuple[str, str], ...] = ()
    options: tuple[tuple[str, str], ...] = field(default=())

    def get(self, key: str) -> str:
        """A field's text (its default when the form did not send it)."""
        return dict(self.texts).get(key, _defaults().get(key, ""))

    def option_args(self) -> tuple[str, ...]:
        """The game options as the CLI's --option KEY=VALUE texts."""
        return tuple(f"{k}={v}" for k, v in self.options if v)

    def game_request(self, game: GameSpec) -> GameRequest:
        """The game request these choices make (UsageError as the CLI words it)."""
        return GameRequest.from_texts(game, self.option_args(), self.size or None, self.theme)

    def query(self) -> dict[str, str]:
        """The choices as form fields (for links and the preview's address)."""
        out = {"size": self.size, "theme": self.theme, **dict(self.texts)}
        out.update({f"opt.{k}": v for k, v in self.options})
        return out

    def preview_part(self) -> Choices:
        """Only what the preview depends on (so other fields do not miss its cache)."""
        return Choices(size=self.size, theme=self.theme, options=self.options)


def _defaults() -> dict[str, str]:
    return {k: f.default for k, (_, f) in form_fields().items()}


def page_options(game: GameSpec) -> tuple[str, ...]:
    """The game options the page offers: all but 'size' when the size field counts cells."""
    return tuple(k for k in game.default_options
                 if not (k == "size" and size_counts_cells(game)))


def read_choices(game: GameSpec, args: Mapping[str, str]) -> Choices:
    """Choices from request fields; missing fields keep their defaults, unknown ones are
    ignored (so nothing but these texts reaches the core). A checkbox that is not ticked
    sends nothing, so a flag is "" unless the request carries it."""
    texts = tuple((key, _text(args.get(key, "" if f.is_flag else f.default)))
                  for key, (_, f) in form_fields().items())
    options = tuple((key, _text(args.get(f"opt.{key}", ""))) for key in page_options(game))
    return Choices(_text(args.get("size", "")), _text(args.get("theme", DEFAULT_THEME)),
                   texts, options)


def _text(value: object) -> str:
    return str(value).strip()[:FIELD_CHARS]


def impose_sheet(ch: Choices) -> str:
    """The sheet the folding booklet is imposed on: the field, else letter for Letter paper
    and A4 for the rest (as the kit does)."""
    return ch.get("impose") or ("letter" if ch.get("paper").lower() == "letter" else "A4")


def _checks(game: GameSpec, ch: Choices) -> dict[str, Callable[[], object]]:
    """One check per field: the parser of the option that field stands for."""
    checks: dict[str, Callable[[], object]] = {
        "size": lambda: GameRequest.from_texts(game, (), ch.size or None),
        "theme": lambda: GameRequest.from_texts(game, (), None, ch.theme),
    }
    def parse(f: Field, key: str) -> Callable[[], object]:
        text = ch.get(key)
        return lambda: f.read(None if text == "" and f.default == "" else text)

    def option(text: str) -> Callable[[], object]:
        return lambda: GameRequest.from_texts(game, (text,))
    for key, (_, f) in form_fields().items():
        checks[key] = parse(f, key)
    for key, text in ch.options:
        if text:
            checks[f"opt.{key}"] = option(f"{key}={text}")
    return checks


def _together(game: GameSpec, ch: Choices
              ) -> dict[str, tuple[tuple[str, ...], Callable[[], object]]]:
    """Checks of fields that are fine alone: key -> (the fields it reads, the check)."""
    def booklet() -> object:
        return BookletRequest.read(GameRequest(), "pdf", {"paper": ch.get("pages") or None,
                                                      "impose": impose_sheet(ch)})
    def sheet() -> object:
        return LaserRequest.read(GameRequest(), "svg", {
            "sheet": ch.get("sheet") or "600x400", "no_reference": ch.get("no_reference") or ""})
    return {FORM: (("size", "opt."), lambda: GameRequest.from_texts(game, ch.option_args(),
                                                                      ch.size or None)),
            "impose": (("pages",), booklet),
            "sheet": (("sheet", "no_reference"), sheet),
            KIT: (("paper",), lambda: kit_paper(ch.get("paper")))}


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


def themes() -> tuple[tuple[str, str], ...]:
    """The theme list the form offers."""
    words = {"mono": "mono (ink-saving)"}
    return tuple((t, words.get(t, t)) for t in theme_names())
