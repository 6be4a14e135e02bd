"""The `printables` script and `python -m printables`: the command line, with Ctrl-C caught
from the first moment (printables.interrupt), so a Ctrl-C while the command line's modules
are still loading is one line and exit status 130 too."""

from __future__ import annotations

import sys

from printables.interrupt import Interrupted, ctrl_c, interrupted
from printables.loading import load

#: The command line's entry (loaded here, after Ctrl-C is ours to report).
CLI = "printables.cli:main"


def run(argv: list[str] | None = None) -> int:
    """Run the command line; its exit status."""
    with ctrl_c():
        try:
            status: int = load(CLI)(argv)
            return status
        except (Interrupted, KeyboardInterrupt):
            return interrupted()


if __name__ == "__main__":
    sys.exit(run())
