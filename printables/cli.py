"""The printables command line: thin adapters, each calling one core function."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printables import __version__
from printables.errors import PrintablesError, UsageError

EXIT_USAGE = 2


def fail(message: str) -> "click.exceptions.Exit":
    """Print one error line and return an exit with status 2."""
    click.echo(f"printables: error: {message}", err=True)
    return click.exceptions.Exit(EXIT_USAGE)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="printables")
def cli() -> None:
    """Print-ready boards, pieces, rule booklets and laser files for seven abstract games.

    Start with `printables kit all`: every game's print-and-play kit in output/.
    """


@cli.command("list")
def list_games() -> None:
    """List the games: name, designer, board."""
    from printables.games import GAMES
    width = max(map(len, GAMES))
    for name, g in GAMES.items():
        click.echo(f"{name:<{width}}  {g.designer:<16}  {g.board_summary}")


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
def validate(paths: tuple[str, ...]) -> None:
    """Check every claim in position files (folders are searched for *.toml).

    Exit status: 0 all claims hold, 1 a claim failed, 2 a file could not be read.
    """
    from printables.positions import check_layout, layout_paths, load_layout
    passed = failed = 0
    for path in layout_paths(paths):
        for res in check_layout(load_layout(path)):
            if res.ok:
                passed += 1
                click.echo(f"{res.path} check {res.number}: ok")
            else:
                failed += 1
                click.echo(f"{res.path} check {res.number}: FAIL {res.reason}")
    click.echo(f"{passed} passed, {failed} failed")
    if failed:
        raise click.exceptions.Exit(1)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI: user errors print one line and exit 2, never a traceback."""
    try:
        cli.main(args=argv, prog_name="printables", standalone_mode=False)
    except click.exceptions.Exit as e:
        return e.exit_code
    except click.exceptions.Abort:
        click.echo("printables: aborted", err=True)
        return 1
    except click.ClickException as e:
        msg = e.format_message().replace("\n", " ")
        if isinstance(e, click.UsageError) and e.ctx is not None:
            msg += f" (see '{e.ctx.command_path} --help')"
        click.echo(f"printables: error: {msg}", err=True)
        return EXIT_USAGE
    except PrintablesError as e:
        click.echo(f"printables: error: {e}", err=True)
        return EXIT_USAGE
    except BrokenPipeError:
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

