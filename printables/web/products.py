"""The files the page offers: every format of every product of the product table, each the
output of one CLI command with the form's choices, and the kit.

A download names its product and format; its request is read by the product table from the
form's texts (the fields that change that format), so its bytes are those of the command
shown beside it, which is made from the same request. Rulings (ours): the folding booklet
is its own download (the booklet with --impose on the Fold sheet field, else letter for
Letter paper and A4 for the rest, as the kit does: its second file); the page-by-page
booklet is the booklet without --impose; a format that needs a missing optional library
(PNG without cairo, DXF without ezdxf) is not offered.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printables.games import GameSpec
from printables.products.board_sheet import sheet_size
from printables.products.kit import kit_requests
from printables.products.laser.sheets import dxf_available
from printables.products.registry import PRODUCTS, Product
from printables.products.requests import Field, KitRequest, Request, field_args, game_args
from printables.render.png import png_available
from printables.render.theme import DEFAULT_THEME
from printables.web.catalog import game_arg
from printables.web.choices import FORM, KIT, NOT_ON_PAGE, Choices, impose_sheet

Files = list[tuple[str, bytes]]
#: The download that is the booklet's imposed print copy (the booklet's second file).
IMPOSED = "booklet-imposed.pdf"


@dataclass(frozen=True)
class Download:
    """A download: its key in the form, group, label, product and format."""

    key: str
    group: str
    label: str
    product: Product
    fmt: str

    @property
    def fields(self) -> tuple[str, ...]:
        """The form keys its command reads ("opt." = every game option)."""
        own = tuple(f.key for f in self.product.request.FIELDS
                    if f.applies(self.fmt) and f.name not in NOT_ON_PAGE
                    and not (f.name == "impose" and self.key == "booklet.pdf"))
        theme = ("theme",) if self.product.theme else ()
        return ("size", "opt.", FORM, *theme, *own)

    def texts(self, ch: Choices) -> dict[str, str | None]:
        """The field texts its request is read from (those that change its format)."""
        texts: dict[str, str | None] = {
            f.name: unset(f, ch.get(f.key)) for f in self.product.request.FIELDS
            if f.applies(self.fmt) and f.name not in NOT_ON_PAGE}
        if self.product.name == "booklet":
            texts["impose"] = impose_sheet(ch) if self.key == IMPOSED else None
        return texts

    def request(self, game: GameSpec, ch: Choices) -> Request:
        """The product request of these choices (UsageError in the CLI's words)."""
        return self.product.read(game, self.texts(ch), self.fmt, ch.option_args(),
                                 ch.size or None, ch.theme)

    def args(self, game: GameSpec, ch: Choices) -> list[str]:
        """The command that writes this download: `printables PRODUCT GAME ...`."""
        return [self.product.name, game_arg(game),
                *args_of(self.product, self.fmt, self.texts(ch), ch)]

    def build(self, game: GameSpec, ch: Choices) -> Files:
        """The files: the command's, or the imposed booklet alone."""
        files = self.product.files(game, self.request(game, ch))
        return files[-1:] if self.key == IMPOSED else files


def unset(f: Field, text: str) -> str | None:
    """A form text as the request reads it: an empty field whose default is empty (an
    unticked box, "default" in a list) is not given."""
    return None if text == "" and f.default == "" else text


def args_of(product: Product, fmt: str, texts: dict[str, str | None],
            ch: Choices) -> list[str]:
    """The CLI arguments after GAME for these texts, made as Request.args makes them (an
    option at its default is left out), without reading them: a command is shown even
    while a value is wrong."""
    return ["--format", fmt, *page_game_args(ch, product.theme),
            *field_args(product.request.FIELDS, fmt, texts)]


def page_game_args(ch: Choices, theme: bool = True) -> list[str]:
    """--option, --size and --theme of the choices, as GameRequest.from_texts records them."""
    return game_args(ch.option_args(), ch.size or None, ch.theme if theme else DEFAULT_THEME)


def _offered(fmt: str) -> bool:
    return (fmt != "png" or png_available()) and (fmt != "dxf" or dxf_available())


#: Download labels that say more than "<product> <FORMAT>".
LABELS = {("laser", "svg"): "Laser SVG sheets", ("laser", "dxf"): "Laser DXF sheets",
          ("laser", "lbrn2"): "LightBurn projects"}


def _label(product: Product, fmt: str) -> str:
    return LABELS.get((product.name, fmt), f"{product.title} {fmt.upper()}")


def _downloads() -> dict[str, Download]:
    rows = [Download(f"{name}.{fmt}", p.title, _label(p, fmt), p, fmt)
            for name, p in PRODUCTS.items() for fmt in p.formats() if _offered(fmt)]
    at = next(i for i, d in enumerate(rows) if d.key == "booklet.pdf") + 1
    rows.insert(at, Download(IMPOSED, "Booklet", "Booklet to fold (2-up)", PRODUCTS["booklet"],
                             "pdf"))
    return {d.key: d for d in rows}


DOWNLOADS: dict[str, Download] = _downloads()
#: The fields the kit reads: the game request and the paper, as `printables kit` does.
KIT_FIELDS = ("size", "opt.", FORM, "theme", "paper", KIT)


def kit_run(game: GameSpec, ch: Choices, folder: str | None = None) -> KitRequest:
    """The kit of a game with these choices, read as `printables kit` reads its texts. An
    uploaded game's file is read in its upload's folder (the kit is built there, with the
    path its command line shows) and without the build cache, so nothing made from a
    visitor's file is kept outside the server's temporary folder."""
    arg = game_arg(game)
    if folder is None:
        return kit_requests([arg], ch.option_args(), ch.size or None, ch.theme,
                            ch.get("paper"))
    run = kit_requests([str(Path(folder) / arg)], ch.option_args(), ch.size or None,
                       ch.theme, ch.get("paper"))
    return replace(run, games=(arg,), cache=False)


def kit_args(game: GameSpec, ch: Choices) -> list[str]:
    """The kit command for a game: its game request and the paper."""
    return ["kit", game_arg(game), *page_game_args(ch), "--paper", ch.get("paper")]


def preview(game: GameSpec, ch: Choices) -> dict[str, Any]:
    """The board and setup as SVG (both of the chosen size, options and theme), with the
    board's space count and sheet size: what the page's preview shows."""
    board = DOWNLOADS["board.svg"].request(game, ch)
    setup = DOWNLOADS["setup.svg"].request(game, ch)
    spec = game.board(board.game.opts, board.game.size)
    return {"board_svg": PRODUCTS["board"].files(game, board)[0][1].decode(),
            "setup_svg": PRODUCTS["setup"].files(game, setup)[0][1].decode(),
            "spaces": len(spec.spaces), "sheet_mm": [round(v, 1) for v in sheet_size(spec)]}


def command_line(args: list[str]) -> str:
    """The arguments as a line to type: `printables board dugi --format svg`.

    >>> command_line(["board", "dugi", "--size", "17.5 cm"])
    "printables board dugi --size '17.5 cm'"
    """
    return shlex.join(["printables", *args])
