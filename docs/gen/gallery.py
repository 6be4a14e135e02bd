"""The gallery page: every built-in game and every example game file, each drawn by the
board product as `printables board` draws it (a PNG where the cairo library is installed,
else the SVG), with its credit, its board and the command that makes its kit."""

from __future__ import annotations

from pathlib import Path

from printables.gamefile import load_game_file
from printables.games import GAMES, GameSpec
from printables.products.board_sheet import board_scene
from printables.render.png import png_available, render_png
from printables.render.svg import render_svg
from printables.render.theme import THEMES
from printables.shipped import bundled_examples

#: Resolution of the gallery's pictures (the kit's board.png preview uses 60 too).
DPI = 60


def picture(game: GameSpec) -> tuple[str, bytes]:
    """The board sheet of game as (file suffix, bytes): PNG where it can be made, else SVG."""
    theme = THEMES["colour"]
    scene = board_scene(game, game.board(), theme)
    if png_available():
        return "png", render_png(scene, theme, DPI)
    return "svg", render_svg(scene, theme)


def entries(examples: Path | None = None) -> list[tuple[GameSpec, str]]:
    """(game, the argument kit takes for it): the built-in games, then the example files."""
    top = examples or bundled_examples()
    out = [(g, g.name) for g in GAMES.values()]
    out += [(load_game_file(p), f"examples/{p.name}") for p in sorted(top.glob("*.toml"))]
    return out


def gallery(folder: str = "gallery/boards", examples: Path | None = None
            ) -> tuple[str, dict[str, bytes]]:
    """The gallery page's Markdown and its pictures (path in the site -> bytes)."""
    files: dict[str, bytes] = {}
    cards: dict[str, list[str]] = {"built-in": [], "examples": []}
    for game, arg in entries(examples):
        suffix, data = picture(game)
        name = f"{folder}/{game.name}.{suffix}"
        files[name] = data
        where = "examples" if arg.endswith(".toml") else "built-in"
        cards[where].append(
            f"-   ![{game.title}]({name}){{ loading=lazy }}\n\n"
            f"    **{game.title}**, {game.credit()}: {game.board_summary}\n\n"
            f"    `printables kit {arg}`\n")
    page = ["# Gallery", "",
            "Every board printables knows, drawn when this site is built by the same code as "
            "`printables board GAME --format png`: first the seven built-in games, then the "
            "example game files (`printables examples` copies them out, to build and to "
            "change). Each card ends with the command that makes the game's whole kit.", "",
            "## The seven games", "", '<div class="grid cards" markdown>', "",
            *cards["built-in"], "</div>", "",
            "## The example game files", "", '<div class="grid cards" markdown>', "",
            *cards["examples"], "</div>", ""]
    return "\n".join(page), files
