"""Builds for the web page, each in its own short-lived process with a time limit.

A build runs in a child forked from a forkserver that has the core imported, so each starts
in milliseconds, cannot share state with another request, gives back its memory when it
ends, and is killed when it runs past its limit. At most `slots` builds run at once (one per
core by default); others wait their turn for a bounded time.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from typing import Any, Callable

from printables.errors import PrintablesError

#: Modules the forkserver imports once, so forked builds start warm.
PRELOAD = ["printables.products.kit", "printables.products.boards_cmd",
           "printables.products.setup_cmd", "printables.products.piece_sheet",
           "printables.products.booklet", "printables.products.laser", "printables.web.jobs"]


class BuildError(PrintablesError):
    """A build the server stopped or could not run (too slow, too busy, crashed)."""


class Runner:
    """Runs functions in child processes: at most slots at a time, each for limit seconds."""

    def __init__(self, slots: int | None = None, limit: float = 120.0, wait: float = 300.0):
        self.limit = limit
        self.wait = wait
        self._slots = threading.BoundedSemaphore(slots or os.cpu_count() or 1)
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(PRELOAD)

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """fn(*args) in a child; its PrintablesError is raised here with the same message."""
        if not self._slots.acquire(timeout=self.wait):
            raise BuildError("the server is busy with other builds; try again in a minute")
        try:
            return self._run(fn, args)
        finally:
            self._slots.release()

    def _run(self, fn: Callable[..., Any], args: tuple) -> Any:
        receive, send = self._ctx.Pipe(duplex=False)
        child = self._ctx.Process(target=_child, args=(send, fn, args), daemon=True)
        child.start()
        send.close()
        try:
            if not receive.poll(self.limit):
                raise BuildError(f"the build took longer than {self.limit:g} s and was stopped")
            status, *rest = receive.recv()
        except EOFError:
            raise BuildError("the build stopped without a result (out of memory?)") from None
        finally:
            receive.close()
            if child.is_alive():
                child.kill()
            child.join()
        if status == "ok":
            return rest[0]
        if status == "user":
            raise PrintablesError(rest[0], input=rest[1])
        raise BuildError(f"the build failed: {rest[0]}")


def _child(conn, fn: Callable[..., Any], args: tuple) -> None:
    try:
        conn.send(("ok", fn(*args)))
    except PrintablesError as e:
        conn.send(("user", str(e), e.input))
    except Exception as e:  # reported to the visitor as a failed build, never a traceback
        conn.send(("crash", f"{type(e).__name__}: {e}"))
    finally:
        conn.close()


# ---- the jobs (module-level, so a child can be given them) ------------------------------

def kit_job(names: list[str], paper: str, folder: str) -> None:
    """Build the kits of names into folder with the kit core (one process: one core)."""
    from printables.products.kit import build_kits
    build_kits(names, paper, folder, jobs=1)


def product_job(game_name: str, games_dir: str | None, key: str, choices) -> list:
    """The (name, bytes) files of one product of one game."""
    from printables.web.catalog import find_game
    from printables.web.products import PRODUCTS
    return PRODUCTS[key].build(find_game(game_name, games_dir), choices)


def preview_job(game_name: str, games_dir: str | None, choices) -> dict[str, Any]:
    """The board as SVG with its space count and sheet size, and the setup as SVG."""
    from printables.products.board_sheet import sheet_size
    from printables.products.boards_cmd import board_request, render_board
    from printables.products.setup_cmd import render_setup
    from printables.web.catalog import find_game
    game = find_game(game_name, games_dir)
    req = board_request(game, choices.size or None, choices.option_args())
    board = game.board(req.options, req.size)
    return {"board_svg": render_board(game, req, "svg", choices.theme).decode(),
            "setup_svg": render_setup(game.name, "svg", choices.theme)[1].decode(),
            "spaces": len(board.spaces), "sheet_mm": [round(v, 1) for v in sheet_size(board)]}
