"""The booklet product's build: a BookletRequest (printables.products.requests) turned into
the files of `printables booklet`, the booklet and, with --impose, its imposed print copy
(the typesetting is printables.products.booklet.book's)."""

from __future__ import annotations

from pathlib import Path

from printables.games import GameSpec
from printables.products.booklet.book import booklet_outputs
from printables.products.requests import BookletRequest, Files


def build_booklet(game: GameSpec, req: BookletRequest) -> Files:
    """The booklet of req's variant, and its imposed print copy with --impose."""
    return booklet_outputs(game, paper=req.paper, impose_on=req.impose,
                           theme_name=req.game.theme,
                           layouts_dir=Path(req.layouts) if req.layouts else None,
                           options=req.game.opts)
