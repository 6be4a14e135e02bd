"""Code loaded by name, on first use: the one place that imports a module later than the
top of the module that needs it.

A table that names its entries "package.module:attribute" instead of importing them keeps
a command from loading what it will not run. Every such table in the project:

- printables.render.RENDERERS: each format's back end (a command that writes only SVG
  never loads reportlab's canvas);
- printables.products.registry.PRODUCTS: each product's build, in that product's own
  module, so reading a request, `--help` and `list` load no typesetting, drawing or laser
  code, and a command that makes one product loads only that product's build;
- printables.products.kit's KIT_RESULTS and PREVIEW_FILES: the kit's worker side
  (printables.products.kit_build), so `printables kit` finding every folder unchanged
  loads none of it (a rerun in about 0.2 s instead of 0.45 s);
- printables.play.kernels.NUMBA_KERNELS: the compiled kernels (numba is an optional
  dependency, the `play` extra).
- printables.cli's WORK: what each command other than the product commands runs (the
  game-file reader, export, the kit, balance and self-play), and printables.cli_grammar's
  GAME_FILES and KERNELS: a command loads only its own work, so `printables board
  network` loads the board's build and nothing of the others';
- printables.__main__'s CLI: the command line itself, loaded once Ctrl-C is ours.

Optional libraries (cairosvg, ezdxf, numba, dask) are imported by the one function that
uses them, where a missing one becomes a clear error; they are listed in pyproject.toml's
extras.

Ruling (ours): a name that does not resolve is a bug in the table, not a user's mistake,
so it raises the ImportError or AttributeError as is.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any


@functools.cache
def load(ref: str) -> Any:
    """The object a "package.module:attribute" name refers to, its module imported now if
    it was not yet."""
    module, _, attribute = ref.partition(":")
    return getattr(importlib.import_module(module), attribute)
