"""The `printables` script and `python -m printables`: the command line, with Ctrl-C caught
from the first moment (printables.interrupt), so a Ctrl-C while the command line's modules
are still loading is one line and exit status 130 too."""

from __future__ import annotations

# signal's C half (typeshed has no stub for it): the signal module imports enum and takes
# milliseconds, during which a Ctrl-C would still be Python's KeyboardInterrupt
import _signal  # type: ignore[import-not-found]
import sys


def _early_ctrl_c(signum: int, frame: object) -> None:
    """Ctrl-C before the command line's own handler is in place (while this module's
    imports still load): the same one line and exit status 130."""
    sys.stderr.write("printables: interrupted\n")
    raise SystemExit(130)


# first thing, before any import that takes time (not where SIGINT is ignored: nohup, `cmd &`)
if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _early_ctrl_c)

from printables.interrupt import Interrupted, ctrl_c, interrupted  # noqa: E402
from printables.loading import load  # noqa: E402

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
