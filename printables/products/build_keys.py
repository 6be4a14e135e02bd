"""Keys of the kit's build cache: what each kit part is made from, so a rebuild knows
what changed (the store itself is printables.buildcache).

Rulings:
- Every key holds the game's name, the product, its request (the frozen request's text,
  every option included), the program's digest and, for a game file, the game file itself.
- The texts a product reads are declared on it (its request's READS: "rules", "setup",
  "examples", "art"); only those texts' files go into its key, so an edited rules text
  rebuilds the booklet and the print-and-play file and reuses the board, the setup and the
  pieces, and an edited art file rebuilds what draws pieces and reuses the board.
- A game file's art is keyed by the bytes it was drawn from (recorded when the game file
  was read, GameSpec.extra["inputs"]), not by what is on disk when the key is made: a file
  saved again in between can never file an old drawing under the new bytes' key.
- Input files are named in a key relative to the game file's folder, so the same game
  in two folders has the same keys (and manifests): only the command line a manifest
  records, which names the game file as it was typed, may differ.
- A whole kit's key holds every input of the game, the request and the paper: when a
  game's folder was built from the same key and its files still match its manifest, the
  kit leaves the folder as it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from printables.buildcache import build_key
from printables.games import GameSpec
from printables.positions import game_content
from printables.products.requests import CONTENT


def game_inputs(game: GameSpec, reads: Iterable[str] = CONTENT) -> list[Path]:
    """The files a product that reads these kinds of text reads for game."""
    content = game_content(game)
    wanted = set(reads)
    paths = [game.source] if game.source is not None else []
    if "rules" in wanted and content.rules is not None:
        paths.append(content.rules)
    if "setup" in wanted and isinstance(content.setup, Path):
        paths.append(content.setup)
    if "examples" in wanted:
        paths += content.examples
    if "art" in wanted:
        paths += [Path(p) for p in art_read(game)]
    return [Path(p).absolute() for p in paths]


def art_read(game: GameSpec) -> dict[str, str]:
    """The art files a game file drew its pieces from: path -> sha256 of those bytes."""
    return dict(game.extra.get("inputs", {}))


def part_key(game: GameSpec, product: str, request: object,
             reads: Iterable[str] = CONTENT) -> str:
    """The cache key of one product build of a kit."""
    return build_key(f"{game.name}/{product}", repr(request), game_inputs(game, reads),
                     art_read(game), home(game))


def kit_key(game: GameSpec, request: object, paper: str) -> str:
    """The key of a game's whole kit folder."""
    return build_key(f"{game.name}/kit", f"{request!r} {paper}", game_inputs(game),
                     art_read(game), home(game))


def home(game: GameSpec) -> Path | None:
    """The folder a game's inputs are named relative to in its keys: a game file's own
    folder (None for a built-in game, whose files are the package's own)."""
    return Path(game.source).absolute().parent if game.source is not None else None
