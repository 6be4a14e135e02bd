"""The products' requests, in one light module: each product's frozen request (the shared
GameRequest plus the product's own Fields), the kit's request, and the parsers that read
every field from text, one per kind of value.

The CLI, the web page and the kit make a request the one way, `<Product>Request.read(game
request, format, texts)`; a build takes its request whole. This module draws nothing and
loads no product's build: the product table (printables.products.registry) and every
build import it from below, so reading a request, `--help` and `list` stay light.

Rulings (ours): a field's text equal to its default is left out of a command line; a field
that changes only some formats (--dpi: PNG; --material: LightBurn projects) is read for
every format the CLI is given, but the page and the command lines show it only for those.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Self

from printables.errors import UsageError, quote
from printables.games import GameSpec
from printables.products.booklet.pages import PAGES, SHEETS, booklet_pages
from printables.products.laser import request as laser_settings
from printables.products.laser.materials import MATERIALS
from printables.products.pieces.art import MAX_DIAMETER, MAX_GUTTER, MIN_DIAMETER
from printables.products.variant import read_variant, variant_parts
from printables.render.theme import DEFAULT_THEME, get_theme
from printables.units import PAPERS, parse_count, parse_length

#: What a build returns: its files, (file name, bytes), in the order its command lists them.
Files = list[tuple[str, bytes]]

#: Every kind of text a product may read besides the game itself (a request's READS).
CONTENT = ("rules", "setup", "examples", "art")

#: What of a variant a product's files can show (a request's FOLLOWS): the board's length
#: (--size), options that change the board, options that change the pieces, and options of
#: the rules alone (pie, target: titles and rules say them).
ASPECTS = ("size", "board", "pieces", "rules")

#: Papers a kit and a print-and-play file are laid out for (the booklet is imposed on A4 or
#: Letter; A3 kits use A4 sheets for it, which A3 printers take).
KIT_PAPERS = ("A4", "Letter", "A3")

# ---- parsers: one per kind of value ------------------------------------------------------

def count(what: str, low: int, high: int) -> Callable[[str], int]:
    """A whole number in [low, high] (units.parse_count)."""
    return lambda text: parse_count(text, what, low, high)


def length(what: str, low: float | None = None, high: float | None = None,
           none: str | None = None, zero: str | None = None) -> Callable[[str], float | None]:
    """A length in mm (units.parse_length) within [low, high]; the text none means None
    (not given) and the text zero means 0."""
    def parse(text: str) -> float | None:
        t = str(text).strip()
        if none is not None and t == none:
            return None
        if zero is not None and t in (zero, zero + "mm"):
            return 0.0
        mm = parse_length(t, what, zero_ok=zero is not None)
        if (low is not None and mm < low) or (high is not None and mm > high):
            lo = f"{low:g}" if low is not None else "0"
            raise UsageError(f"{what} {quote(text)} is {mm:g} mm, out of range; use {lo} to "
                             f"{high:g} mm", input=t)
        return mm
    return parse


def choice(what: str, names: Callable[[], Sequence[str]], none: str | None = None
           ) -> Callable[[str], str | None]:
    """One of names (any letter case; the canonical spelling is kept), or None for none."""
    def parse(text: str) -> str | None:
        t = str(text).strip()
        if none is not None and t == none:
            return None
        for n in names():
            if n.lower() == t.lower():
                return n
        raise UsageError(f"unknown {what} {quote(text)}; valid: {', '.join(names())}", input=t)
    return parse


def listed(names: Callable[[], Sequence[str]], empty: str | None = None
           ) -> Callable[[], tuple[tuple[str, str], ...]]:
    """A form list of names (and first "" with the words empty, when given)."""
    return lambda: ((("", empty),) if empty is not None else ()) + tuple((n, n) for n in names())


def flag(text: str) -> bool:
    """A checkbox or --flag: given (any text but "", "0", "false", "off") or not."""
    return str(text).strip().lower() not in ("", "0", "false", "off", "no")


def path_or_none(text: str) -> str | None:
    """A file or folder name as given ("" = not given); the product reads it."""
    return str(text) if str(text).strip() else None


def laser_text(name: str) -> Callable[[str], Any]:
    """A laser setting, read by the laser product's own reader of that setting."""
    def parse(text: str) -> Any:
        given: dict[str, Any] = {name: str(text).strip()}
        if name == "sheet":  # the reference's room is checked with --no-reference (check())
            given["reference"] = False
        return laser_settings.check_laser(**given)[name]
    return parse


# ---- fields and requests -----------------------------------------------------------------

@dataclass(frozen=True)
class Field:
    """One option of a product: the request attribute it fills (the CLI option --name with
    dashes, the form field `form` or name), its parser, its default as text, and help."""

    name: str
    parse: Callable[[str], Any]
    default: str = ""
    help: str = ""
    metavar: str | None = None
    form: str | None = None
    only: tuple[str, ...] = ()  # the formats it changes (empty: every format)
    is_flag: bool = False
    option: str | None = None   # the CLI option when it is not --name
    label: str = ""             # the web form's label (default: the name)
    #: the CLI option's spelling before this release: a hidden alias that says the new one
    old: str | None = None
    #: the values a list offers, as (value, words); None: a text field
    choices: Callable[[], tuple[tuple[str, str], ...]] | None = None

    @property
    def cli(self) -> str:
        """The CLI option: --name with dashes."""
        return self.option or "--" + self.name.replace("_", "-")

    @property
    def key(self) -> str:
        """The web form's field name."""
        return self.form or self.name

    def applies(self, fmt: str) -> bool:
        """True when this field changes files of format fmt."""
        return not self.only or fmt in self.only

    def read(self, text: str | None) -> Any:
        """The value of text (None: not given, the default): an empty text given on purpose
        is refused, as an empty --output is, rather than read as the default."""
        if text is None:
            return self.parse(self.default)
        if not self.is_flag and not str(text).strip():
            raise UsageError(f"{self.cli} must not be empty; give a value or leave it out",
                             input=str(text))
        return self.parse(str(text))


@dataclass(frozen=True)
class GameRequest:
    """What every product of a kit shares: the game's options (all of them, checked), the
    board's length in mm (None: the game's own) and the theme."""

    options: tuple[tuple[str, Any], ...] = ()
    size: float | None = None
    theme: str = DEFAULT_THEME
    given: tuple[str, ...] = field(default=(), compare=False)  # the texts, for command lines

    @classmethod
    def from_texts(cls, game: GameSpec, options: Sequence[str] = (), size: str | None = None,
                   theme: str = DEFAULT_THEME) -> GameRequest:
        """Read --option KEY=VALUE texts, --size and --theme for game (UsageError naming the
        game for an option it does not have, or both values of a size conflict)."""
        opts, length = read_variant(game, size, tuple(options))
        get_theme(theme)
        return cls(tuple(sorted(opts.items())), length, theme,
                   tuple(game_args(options, size, theme)))

    @property
    def opts(self) -> dict[str, Any]:
        """The options as a dict."""
        return dict(self.options)

    def args(self, theme: bool = True) -> list[str]:
        """The CLI arguments of this game request (without --theme for a product that
        takes none: the laser's profile colours its files)."""
        out, given = [], list(self.given)
        while given:
            opt, value = given.pop(0), given.pop(0)
            if theme or opt != "--theme":
                out += [opt, value]
        return out

    def tags(self, game: GameSpec) -> list[str]:
        """What file names add for this variant (see products.variant.variant_parts)."""
        return variant_parts(game, self.opts, self.size)


@dataclass(frozen=True)
class Request:
    """A product's request: the game request, the format and the product's own fields (its
    subclass declares them in FIELDS, in --help order)."""

    game: GameRequest = GameRequest()
    fmt: str = ""
    given: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    #: False for a product without --theme (its command line leaves the theme out)
    THEMED: ClassVar[bool] = True
    #: The product (its command) this request is for
    PRODUCT: ClassVar[str] = ""
    #: The texts besides the game its files are made from (the build cache's key reads them)
    READS: ClassVar[tuple[str, ...]] = CONTENT
    #: The ASPECTS of a variant its files follow (tests/test_product_contract.py holds every
    #: product to them: a change of one changes its files)
    FOLLOWS: ClassVar[tuple[str, ...]] = ASPECTS

    @classmethod
    def read(cls, game_req: GameRequest, fmt: str, texts: Mapping[str, str | None]) -> Self:
        """The request from field texts (missing ones take their default), each read by its
        field's parser; then the product's checks of fields together."""
        values, given = {}, []
        for f in cls.FIELDS:
            text = texts.get(f.name)
            values[f.name] = f.read(text)
            if text is not None and text != f.default:
                given.append((f.name, str(text)))
        req = cls(game_req, fmt, tuple(given), **values)
        req.check()
        return req

    def check(self) -> None:
        """Checks of fields together (none by default)."""

    def args(self) -> list[str]:
        """The CLI arguments after GAME that make this request."""
        return ["--format", self.fmt, *self.game.args(self.THEMED),
                *field_args(self.FIELDS, self.fmt, dict(self.given))]


def game_args(options: Sequence[str], size: str | None, theme: str) -> list[str]:
    """The command line of a game request's texts: --option each, --size, --theme (unless
    it is the default)."""
    out = [a for o in options for a in ("--option", o)]
    if size is not None:
        out += ["--size", str(size)]
    if theme != DEFAULT_THEME:
        out += ["--theme", theme]
    return out


def field_args(fields: Sequence[Field], fmt: str, texts: Mapping[str, str | None]) -> list[str]:
    """The command line of a product's field texts: each given one that is not its default
    and changes files of format fmt, in --help order."""
    out: list[str] = []
    for f in fields:
        text = texts.get(f.name)
        if text is not None and text != f.default and f.applies(fmt):
            out += [f.cli] if f.is_flag else [f.cli, text]
    return out


DPI = Field("dpi", count("dpi", 30, 1200), "150", "PNG resolution.", metavar="N",
            only=("png",), label="PNG resolution (dpi)")



@dataclass(frozen=True)
class BoardRequest(Request):
    """`printables board`: format, dpi and the paper a PDF is laid on."""

    PRODUCT: ClassVar[str] = "board"
    READS: ClassVar[tuple[str, ...]] = ()
    FOLLOWS: ClassVar[tuple[str, ...]] = ("size", "board")
    dpi: int = 150
    paper: str | None = None
    FIELDS: ClassVar[tuple[Field, ...]] = (
        DPI,
        Field("paper", choice("paper", lambda: tuple(PAPERS), none=""), "",
              "PDF only: lay the board on this paper (A4, Letter, A3, ...), tiled over pages "
              "when large, as the kit's board.pdf; default one page of the board's size.",
              form="board_paper", only=("pdf",), label="Board PDF on paper",
              choices=listed(lambda: tuple(PAPERS), "one page of the board's size")))


@dataclass(frozen=True)
class SetupRequest(Request):
    """`printables setup`: format, dpi and a layout file to draw instead of the bundled one."""

    PRODUCT: ClassVar[str] = "setup"
    READS: ClassVar[tuple[str, ...]] = ("setup", "art")
    dpi: int = 150
    layout: str | None = None
    FIELDS: ClassVar[tuple[Field, ...]] = (
        DPI,
        Field("layout", path_or_none, "", "Draw this position file instead of the game's "
              "bundled setup.toml (for example a setup you changed).", metavar="FILE"))


@dataclass(frozen=True)
class PiecesRequest(Request):
    """`printables pieces`: paper, largest piece's diameter, gutter and dpi."""

    PRODUCT: ClassVar[str] = "pieces"
    READS: ClassVar[tuple[str, ...]] = ("setup", "art")
    FOLLOWS: ClassVar[tuple[str, ...]] = ("size", "board", "pieces")
    paper: str = "A4"
    diameter: float | None = None
    gutter: float = 0.0
    dpi: int = 150
    FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("paper", choice("paper", lambda: tuple(PAPERS)), "A4",
              "Paper you print on: A4, Letter, A5, A3, Legal or Tabloid.", label="Paper",
              choices=listed(lambda: tuple(PAPERS))),
        Field("diameter", length("diameter", MIN_DIAMETER, MAX_DIAMETER, none=""), "",
              "Size of the largest piece, e.g. 20, 2cm or 3/4in (default: fits the board's "
              "spaces, snapped to a common punch); other kinds keep their proportion.",
              metavar="LENGTH", label="Piece diameter"),
        Field("gutter", length("gutter", 0.0, MAX_GUTTER, zero="0"), "0",
              "Waste strip between cut cells, e.g. 2 (mm): every piece gets its own cut "
              "lines, for a guillotine.", metavar="LENGTH", label="Gutter between pieces (mm)"),
        DPI)


@dataclass(frozen=True)
class BookletRequest(Request):
    """`printables booklet`: page size, imposition sheet and a layouts folder."""

    PRODUCT: ClassVar[str] = "booklet"
    FOLLOWS: ClassVar[tuple[str, ...]] = ("board", "pieces", "rules")
    paper: str | None = None
    impose: str | None = None
    layouts: str | None = None
    FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("paper", choice("booklet page size", lambda: tuple(PAGES), none=""), "",
              "Booklet page size: A5 (default), A4, letter or half-letter (default "
              "half-letter with --impose letter).", form="pages", label="Booklet page size",
              choices=listed(lambda: tuple(PAGES), "default (A5; half-letter on letter)"),
              option="--page-size", old="--paper"),
        Field("impose", choice("sheet for --impose", lambda: tuple(SHEETS), none=""), "",
              "Also write a print copy: two booklet pages on each side of an A4 or letter "
              "sheet, in booklet order. Print it double-sided (flip on the short edge), fold "
              "the stack in the middle and staple on the fold.", metavar="A4|letter",
              label="Fold sheet (booklet 2-up)",
              choices=listed(lambda: tuple(SHEETS), "letter for Letter paper, else A4")),
        Field("layouts", path_or_none, "", "Folder of position files (GAME/setup.toml and "
              "examples) to print instead of the bundled layouts/.", metavar="DIRECTORY"))

    def check(self) -> None:
        """The page must fit 2-up on the imposition sheet."""
        booklet_pages(self.paper, self.impose)
        if self.layouts is not None and not Path(self.layouts).is_dir():
            raise UsageError(f"--layouts {quote(self.layouts)} is not a folder",
                             input=self.layouts)


def _laser_fields() -> tuple[Field, ...]:
    return (
        Field("sheet", laser_text("sheet"), "600x400",
              "Size of your sheets of material, e.g. 600x400, 300x200 or 24inx12in. A board "
              "larger than a sheet is split into parts along space lines.", metavar="WxH",
              label="Sheet of material (W x H)"),
        Field("kerf", laser_text("kerf"), "0", "Width your laser burns away, e.g. "
              "0.15; cut lines move out by half of it so parts come out at their true size.",
              metavar="MM", label="Kerf (mm)"),
        Field("profile", laser_text("profile"), "default",
              "Layer colours, one per operation: default (outer cut red, inner cut magenta, "
              "score blue, engrave black), boxes (boxes.py's colours) or lightburn (LightBurn "
              "layers C00 engrave .. C03 outer cut).", label="Layer colours",
              choices=listed(lambda: tuple(laser_settings.PROFILES))),
        Field("material", choice("material", lambda: tuple(MATERIALS)), "3mm-plywood",
              "Settings preset for --format lbrn2 (starting points): 3mm-plywood, "
              "3mm-acrylic or 2mm-card.", only=("lbrn2",),
              label="Material (LightBurn settings)", choices=listed(lambda: tuple(MATERIALS))),
        Field("parts", laser_text("parts"), "board,pieces",
              "What to make: board, pieces or board,pieces.", label="Parts",
              choices=lambda: (("board,pieces", "board and pieces"), ("board", "board"),
                               ("pieces", "pieces"))),
        Field("no_reference", flag, "", "Leave out the 100 mm reference (square, or bar on "
              "small sheets).", is_flag=True, label="Leave out the 100 mm reference"),
        Field("tabs", laser_text("tabs"), "0", "Holding tabs this wide on pieces "
              "under 12 mm, e.g. 0.3, so they do not drop through a honeycomb bed.",
              metavar="MM", label="Holding tabs (mm)"),
        Field("joints", choice("joints", lambda: tuple(laser_settings.JOINTS)), "dowels",
              "How split board parts line up: round notches for 4 mm dowels, or puzzle "
              "tabs.", label="Joints of split boards",
              choices=listed(lambda: tuple(laser_settings.JOINTS))))


@dataclass(frozen=True)
class LaserRequest(Request):
    """`printables laser`: sheet, kerf, profile, material, parts, reference, tabs, joints."""

    PRODUCT: ClassVar[str] = "laser"
    READS: ClassVar[tuple[str, ...]] = ("setup", "art")
    FOLLOWS: ClassVar[tuple[str, ...]] = ("size", "board", "pieces")
    sheet: tuple[float, float] = laser_settings.DEFAULT_SHEET
    kerf: float = 0.0
    profile: str = "default"
    material: str = laser_settings.DEFAULT_MATERIAL
    parts: tuple[str, ...] = laser_settings.PART_KINDS
    no_reference: bool = False
    tabs: float = 0.0
    joints: str = "dowels"
    FIELDS: ClassVar[tuple[Field, ...]] = _laser_fields()
    THEMED: ClassVar[bool] = False

    def check(self) -> None:
        """A sheet with room for the 100 mm reference, unless it is left out."""
        if not self.no_reference:
            text = dict(self.given).get("sheet", f"{self.sheet[0]:g}x{self.sheet[1]:g}")
            laser_settings.check_laser(sheet=text, reference=True)

    @property
    def reference(self) -> bool:
        """True when the sheets carry the 100 mm reference."""
        return not self.no_reference

    @property
    def size(self) -> float | None:
        """The board's length in mm (None: the game's own), as the board command takes it."""
        return self.game.size

    @property
    def spacing(self) -> float:
        """Distance between the cut lines of neighbouring parts."""
        return self.kerf + laser_settings.SPACING


@dataclass(frozen=True)
class PrintAndPlayRequest(Request):
    """`printables print-and-play`: the paper (A4, Letter or A3)."""

    PRODUCT: ClassVar[str] = "print-and-play"
    paper: str = "A4"
    FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("paper", lambda text: kit_paper(text), "A4",
              "Paper you print on: A4, Letter or A3 (large boards are tiled over pages).",
              label="Paper", choices=listed(lambda: KIT_PAPERS)),)




#: The kit's previews: board.png for index.html and the README gallery, setup.png to print.
PREVIEW_DPI, SETUP_DPI = 60, 100


def parts_of_kit(game: GameSpec, greq: GameRequest, paper: str) -> dict[str, Request]:
    """The requests whose first file is each printed part of a kit (kit file name ->
    request): the one place the kit's parts are composed from the products."""
    sheet = "letter" if paper == "Letter" else "A4"
    png = {"dpi": str(PREVIEW_DPI)}
    return {"board.pdf": BoardRequest.read(greq, "pdf", {"paper": paper}),
            "board.svg": BoardRequest.read(greq, "svg", {}),
            "board.png": BoardRequest.read(greq, "png", png),
            "setup.png": SetupRequest.read(greq, "png", {"dpi": str(SETUP_DPI)}),
            "pieces.pdf": PiecesRequest.read(greq, "pdf", {"paper": paper}),
            "booklet.pdf": BookletRequest.read(greq, "pdf", {"impose": sheet}),
            "booklet-imposed.pdf": BookletRequest.read(greq, "pdf", {"impose": sheet})}


#: Which of a product's files a kit part is (the imposed booklet is the second).
KIT_PICK = {"booklet-imposed.pdf": -1}


def kit_paper(name: str) -> str:
    """The canonical name of a paper kits are made for, or a UsageError listing them.

    >>> kit_paper("letter")
    'Letter'
    """
    text = str(name).strip()
    paper = next((p for p in KIT_PAPERS if p.lower() == text.lower()), None)
    if paper is None:
        known = any(p.lower() == text.lower() for p in PAPERS)
        what = f"kit paper {quote(text)} is not supported" if known else \
            f"unknown paper {quote(text)}"
        raise UsageError(f"{what}; valid: {', '.join(KIT_PAPERS)}", input=text)
    return paper


@dataclass(frozen=True)
class KitRequest:
    """What one `printables kit` call asks for: the games (names or game-file paths, as
    workers read them), one game request each, the paper, and how many games at once."""

    games: tuple[str, ...]
    requests: tuple[GameRequest, ...]
    paper: str = "A4"
    jobs: int | None = None
    cache: bool = True
