"""The printables command line: thin adapters, each calling one core function."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printables import __version__
from printables.errors import PrintablesError, UsageError, printable
from printables.render.theme import DEFAULT_THEME

EXIT_USAGE = 2


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

    A file that cannot be read is reported (file, line, reason) and the others are still
    checked. A game file (one with a [game] table) is read whole: its setup and examples
    must name spaces, sides and kinds that exist; without a rules engine nothing more is
    checked, and the output says so. Exit status: 2 if a file could not be read, else 1 if
    a claim failed, else 0.
    """
    from printables.gamefile import validate_all
    passed = failed = unreadable = 0
    def notice(text: str) -> None:
        click.echo(f"printables: {text}", err=True)
    for res in validate_all(paths, click.echo, notice):
        if isinstance(res, PrintablesError):
            unreadable += 1
            click.echo(f"printables: error: {res}", err=True)
        elif res.ok:
            passed += 1
            click.echo(f"{printable(str(res.path))} check {res.number}: ok")
        else:
            failed += 1
            click.echo(f"{printable(str(res.path))} check {res.number}: FAIL {res.reason}")
    files = f", {unreadable} file{'s' if unreadable != 1 else ''} unreadable" if unreadable else ""
    click.echo(f"{passed} passed, {failed} failed{files}")
    if unreadable or failed:
        raise click.exceptions.Exit(EXIT_USAGE if unreadable else 1)


def _games(game: str | None, all_: bool):
    """The games a command works on: one by name, or all with --all."""
    from printables.games import GAMES, get_game
    if all_ and game:
        raise UsageError("give a GAME or --all, not both")
    if all_ or (game or "").lower() == "all":
        return list(GAMES.values())
    if not game:
        raise UsageError("missing GAME; valid: " + ", ".join(GAMES) + " (or --all)")
    return [get_game(game)]


def _progress(items: list, label: str):
    """A progress bar on stderr for more than one item, else the items themselves."""
    if len(items) <= 1 or not sys.stderr.isatty():  # a log gets errors only, one line each
        return _NoBar(items)
    return click.progressbar(items, label=label, file=sys.stderr,
                             item_show_func=lambda g: g.name if g else "")


class _NoBar:
    def __init__(self, items: list) -> None:
        self.items = items

    def __enter__(self):
        return self.items

    def __exit__(self, *exc) -> None:
        return None


def _write_files(files: list[tuple[str, bytes]], output: str, one_game: bool, what: str) -> None:
    """Write (name, bytes) files into the output folder (atomically) and report them: each
    path for a single game, a count for several."""
    from printables.errors import printable
    from printables.outputs import ensure_dir, write_files
    out = ensure_dir(output)
    for path in write_files(out, files):
        if one_game:
            click.echo(printable(str(path)))
    if not one_game:
        click.echo(f"{len(files)} {what} written to {printable(str(out))}/")


SIZE_HELP = ("Board size: a length such as 175, 17.5cm or 7in (the playing area's width; "
             "Dugi: its diameter). For dag-en-nacht and network a whole number up to 25 is "
             "the number of squares per side (dag-en-nacht 11..19 odd, network 8, 10, 12).")


def _not_empty(ctx, param, value):
    """Reject an empty value ('-o ""' would mean the current folder, '--parts ""' nothing)."""
    if value is not None and not str(value).strip():
        raise click.BadParameter("must not be empty", ctx=ctx, param=param)
    return value


def _ascii_number(ctx, param, value):
    """Numbers are written with the digits 0-9 (no Arabic-Indic, fullwidth, superscript)."""
    from printables.units import non_ascii_digit
    if value is not None and (ch := non_ascii_digit(value)) is not None:
        raise click.BadParameter(f"{value!r} uses the digit {ch!r} (U+{ord(ch):04X}); write "
                                 "numbers with the digits 0-9", ctx=ctx, param=param)
    return value


class Count(click.ParamType):
    """A whole number in ASCII digits within [low, high] (click's IntRange would also
    take fullwidth or Arabic-Indic digits)."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def convert(self, value, param, ctx):
        from printables.units import is_count
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        elif is_count(str(value).strip()):
            n = int(str(value).strip())
        else:
            self.fail(f"{value!r} is not a whole number; write digits 0-9", param, ctx)
        if not self.low <= n <= self.high:
            self.fail(f"{n} is not in the range {self.low}<=x<={self.high}", param, ctx)
        return n


OUTPUT = click.option("--output", "-o", default="output", show_default=True,
                      type=click.Path(file_okay=False), callback=_not_empty,
                      help="Folder to write into.")
DPI = click.option("--dpi", default=150, show_default=True, type=Count(30, 1200),
                   help="PNG resolution.")
THEME = click.option("--theme", default=DEFAULT_THEME, show_default=True,
                     help="colour or mono (ink-saving).")


def per_game(formats: tuple[str, ...], default: str | None = None,
             format_help: str | None = None, theme: bool = True, all_help: str = "Every game."):
    """The options every product command shares, declared once: GAME (optional), --all,
    --format (default: the first of formats), --theme (unless theme=False) and -o.
    The command receives them as game, all_, fmt, theme, output. Put it just under
    @cli.command(): GAME, --all, --format and --theme are listed first in --help, -o last,
    the command's own options in between."""
    shared = [click.argument("game", required=False),
              click.option("--all", "all_", is_flag=True, help=all_help),
              click.option("--format", "fmt", type=click.Choice(list(formats)),
                           default=default or formats[0], show_default=True, help=format_help)]
    if theme:
        shared.append(THEME)

    def decorate(f):
        f = OUTPUT(f)  # click lists parameters in reverse order of decoration
        params = f.__click_params__
        params.insert(0, params.pop())  # -o after the command's own options
        for add in reversed(shared):
            f = add(f)
        return f
    return decorate


@cli.command()
@per_game(("svg", "pdf", "png", "json"), default="pdf")
@click.option("--size", help=SIZE_HELP)
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Game option, e.g. size=19 (dag-en-nacht), pie=true (network), target=12 (evl).")
@DPI
def board(game, all_, fmt, size, theme, options, dpi, output) -> None:
    """Draw a game's board at exact size (GAME or --all)."""
    from printables.outputs import ensure_dir
    from printables.products.boards_cmd import board_filename, board_request, render_board
    from printables.render.theme import get_theme
    games = _games(game, all_)
    get_theme(theme)
    requests = [(g, board_request(g, size, options)) for g in games]
    ensure_dir(output)  # before the work: a bad folder fails at once
    with _progress(requests, "boards") as bar:
        files = [(board_filename(g, req, fmt, theme), render_board(g, req, fmt, theme, dpi))
                 for g, req in bar]
    _write_files(files, output, len(games) == 1, "boards")


@cli.command()
@click.argument("game")
@click.option("--paper", default="A4", show_default=True,
              help="Paper you print on: A4, Letter or A3 (large boards are tiled over pages).")
@click.option("--jobs", type=Count(1, 64), help="Games built at once (default: cores).")
@OUTPUT
def kit(game, paper, jobs, output) -> None:
    """Build print-and-play kits: GAME, or 'all' for every game (the main job).

    Per game a folder with board.pdf/svg/png, setup.png, pieces.pdf, booklet.pdf,
    booklet-imposed.pdf, laser/*.svg and GAME-print-and-play.pdf (everything in printing
    order); plus index.html (open it) and manifest.json (size and sha256 of every file).
    """
    import time

    from printables.products.kit import build_kits, kit_paper
    paper = kit_paper(paper)
    from printables.outputs import ensure_dir
    # a game file goes by its path, so worker processes (spawned or forked) can read it
    games = [str(g.source) if g.source else g.name
             for g in _games(None if game.lower() == "all" else game, game.lower() == "all")]
    ensure_dir(output)
    start = time.perf_counter()
    with click.progressbar(length=len(games), label=f"kits on {paper}", file=sys.stderr,
                           show_pos=True, hidden=not sys.stderr.isatty()) as bar:
        files = build_kits(games, paper, output, jobs, on_done=lambda name: bar.update(1))
    total = sum(len(v) for v in files.values())
    from printables.errors import printable
    click.echo(f"{len(games)} kit{'s' if len(games) > 1 else ''}, {len(files)} files, "
               f"{total / 1e6:.1f} MB in {printable(str(Path(output)))}/ "
               f"({time.perf_counter() - start:.1f} s); "
               f"open {printable(str(Path(output) / 'index.html'))}")


@cli.command()
@per_game(("pdf", "svg", "png", "json"),
          format_help="pdf: all pages in one file; svg and png: one file per page; json: where "
                      "every piece sits.")
@click.option("--paper", default="A4", show_default=True,
              help="Paper you print on: A4, Letter, A5, A3, Legal or Tabloid.")
@click.option("--diameter", help="Size of the largest piece, e.g. 20, 2cm or 3/4in (default: "
                                 "fits the board's spaces, snapped to a common punch); other "
                                 "kinds keep their proportion.")
@click.option("--gutter", default="0", show_default=True,
              help="Waste strip between cut cells, e.g. 2 (mm): every piece gets its own cut "
                   "lines, for a guillotine.")
@DPI
def pieces(game, all_, fmt, paper, diameter, gutter, theme, dpi, output) -> None:
    """Print a game's pieces at real size, with spares and cut lines (GAME or --all).

    Chameleons pieces are two-sided: print the PDF double-sided, flipping on the long edge.
    """
    from printables.products.pieces.sheet import render_pieces
    from printables.units import parse_length
    games = _games(game, all_)
    size = parse_length(diameter, "diameter") if diameter is not None else None
    waste = parse_length(gutter, "gutter") if gutter not in ("0", "0mm") else 0.0
    files = [f for g in games for f in render_pieces(g, fmt, paper, size, theme, dpi, waste)]
    _write_files(files, output, len(games) == 1, "piece files")


@cli.command()
@per_game(("pdf", "svg", "png"), all_help="Every game's starting position.")
@click.option("--layout", "layout_file", type=click.Path(dir_okay=False),
              help="Draw this position file instead of the game's bundled setup.toml "
                   "(for example a setup you changed).")
@DPI
def setup(game, all_, layout_file, fmt, theme, dpi, output) -> None:
    """Draw the board with the pieces in their starting places (GAME or --all).

    Games that start with an empty board show each player's pieces beside it.
    """
    from printables.products.setup_cmd import render_setup
    if layout_file is not None and all_:
        raise UsageError("give --layout FILE or --all, not both")
    names = [None] if (layout_file is not None and not game) else [g.name for g in _games(game, all_)]
    files = [render_setup(n, fmt, theme, layout_file, dpi) for n in names]
    _write_files(files, output, len(files) == 1, "setup diagrams")


@cli.command()
@per_game(("pdf",))
@click.option("--paper", help="Booklet page size: A5 (default), A4, letter or half-letter "
                              "(default half-letter with --impose letter).")
@click.option("--impose", "impose_on", metavar="A4|letter",
              help="Also write a print copy: two booklet pages on each side of an A4 or "
                   "letter sheet, in booklet order. Print it double-sided (flip on the short "
                   "edge), fold the stack in the middle and staple on the fold.")
@click.option("--layouts", "layouts_dir", type=click.Path(file_okay=False, exists=True),
              help="Folder of position files (GAME/setup.toml and examples) to print instead "
                   "of the bundled layouts/.")
def booklet(game, all_, paper, impose_on, fmt, theme, layouts_dir, output) -> None:
    """Typeset a game's rule booklet: cover, contents, rules, setup and checked examples.

    Every example position is checked against the rules first; a failing check stops the
    build (exit status 2) and names the file and the check.
    """
    from printables.outputs import ensure_dir
    from printables.products.booklet import booklet_outputs
    games = _games(game, all_)
    ensure_dir(output)  # before the work: a bad folder fails at once
    files = []
    with _progress(games, "booklets") as bar:
        for g in bar:
            files += booklet_outputs(g, paper, impose_on, theme, layouts_dir)
    _write_files(files, output, len(games) == 1, "booklet files")


@cli.command()
@per_game(("svg", "dxf", "lbrn2"), theme=False,
          format_help='lbrn2: a LightBurn project with layer settings; dxf needs the extra: '
                      'pip install "printables[dxf]".')
@click.option("--sheet", default="600x400", show_default=True, metavar="WxH",
              help="Size of your sheets of material, e.g. 600x400, 300x200 or 24inx12in. A "
                   "board larger than a sheet is split into parts along space lines.")
@click.option("--kerf", default="0", show_default=True, metavar="MM", callback=_ascii_number,
              help="Width your laser burns away, e.g. 0.15; cut lines move out by half of it "
                   "so parts come out at their true size.")
@click.option("--profile", default="default", show_default=True,
              help="Layer colours, one per operation: default (outer cut red, inner cut "
                   "magenta, score blue, engrave black), boxes (boxes.py's colours) or "
                   "lightburn (LightBurn layers C00 engrave .. C03 outer cut).")
@click.option("--material", default="3mm-plywood", show_default=True,
              help="Settings preset for --format lbrn2 (starting points): 3mm-plywood, "
                   "3mm-acrylic or 2mm-card.")
@click.option("--parts", default="board,pieces", show_default=True, callback=_not_empty,
              help="What to make: board, pieces or board,pieces.")
@click.option("--no-reference", "no_reference", is_flag=True,
              help="Leave out the 100 mm reference (square, or bar on small sheets).")
@click.option("--tabs", default="0", show_default=True, metavar="MM", callback=_ascii_number,
              help="Holding tabs this wide on pieces under 12 mm, e.g. 0.3, so they do not "
                   "drop through a honeycomb bed.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Game option, e.g. size=19 (dag-en-nacht), size=12 (network).")
@click.option("--joints", type=click.Choice(["dowels", "tabs"]), default="dowels",
              show_default=True, help="How split board parts line up: round notches for "
                                      "4 mm dowels, or puzzle tabs.")
def laser(game, all_, sheet, kerf, profile, fmt, material, parts, no_reference, tabs, options,
          joints, output) -> None:
    """Make laser-cutter files: one file per sheet of material (GAME or --all).

    Layers: engrave, score, inner cuts, outer cuts and a 100 mm reference that is not cut.
    Check the reference measures 100 mm in your laser software before you cut. With --all,
    a game whose board cannot be made on the sheet is reported and the others are made.
    """
    from printables.products.laser import laser_files, laser_request
    req = laser_request(sheet, kerf, profile, fmt, parts, material, not no_reference, tabs,
                        options, joints)
    games = _games(game, all_)
    files, failed = [], []
    for g in games:
        try:
            files += laser_files(g, req)
        except UsageError as e:
            if len(games) == 1:
                raise
            failed.append(f"{g.name} ({e})")
    _write_files(files, output, len(games) == 1, "laser files")
    if failed:
        click.echo(f"not made: {'; '.join(failed)}", err=True)
        raise click.exceptions.Exit(EXIT_USAGE)


@cli.command()
@click.argument("game")
def export(game) -> None:
    """Write a game as a game file (TOML) on standard output: the start of a variant.

    printables export network > my-network.toml, then edit it and run
    printables kit my-network.toml. The board it describes is the built-in one.
    """
    from printables.gamefile_export import export_game
    from printables.games import get_game
    click.echo(export_game(get_game(game)), nl=False)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 opens the page to your network.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--games", "games_dir", type=click.Path(file_okay=False, exists=True),
              help="A folder of game files to offer next to the seven games.")
@click.option("--no-browser", is_flag=True, help="Do not open a browser.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Also answer to this host name (e.g. club.local or 192.168.1.5, the name "
                   "people type); besides it only the --host address and localhost.")
def serve(host, port, games_dir, no_browser, allow_hosts) -> None:
    """A local web page: choose a game and its options, preview, download files and kits.

    Needs the extra: pip install "printables[web]".
    """
    try:
        from printables.web import serve as run
    except ImportError as e:
        raise UsageError(f'serve needs the web extra ({e.name} is missing): '
                         'pip install "printables[web]"') from None
    run(host, port, games_dir, open_browser=not no_browser, say=click.echo,
        allow_hosts=allow_hosts)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI: user errors print one line and exit 2, never a traceback.

    Also the environment: PDFs never take their date from SOURCE_DATE_EPOCH (every PDF we
    make carries the same fixed date, so builds are identical anywhere; see README), and
    a standard output that cannot be written (a full disk, a closed pipe) is reported once.
    """
    import os
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        status = _run(argv)
        _flush_stdout()
        return status
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except PrintablesError as e:
        return _fail(str(e))
    except OSError as e:
        _silence_stdout()
        return _fail(_os_message(e))
    except RecursionError:
        return _fail("input is nested too deeply to read")
    except MemoryError:
        return _fail("out of memory; the input asks for more than this machine has")


def _run(argv: list[str] | None) -> int:
    try:
        # without standalone mode click returns an Exit's status instead of raising it
        status = cli.main(args=argv, prog_name="printables", standalone_mode=False)
        return status if isinstance(status, int) else 0
    except click.exceptions.Exit as e:
        return e.exit_code
    except click.exceptions.Abort:
        click.echo("printables: aborted", err=True)
        return 1
    except click.ClickException as e:
        msg = e.format_message().replace("\n", " ")
        if isinstance(e, click.UsageError) and e.ctx is not None:
            msg += f" (see '{e.ctx.command_path} --help')"
        return _fail(msg)


def _fail(message: str) -> int:
    from printables.errors import one_line
    try:
        click.echo(f"printables: error: {one_line(message)}", err=True)
    except OSError:
        pass  # stderr itself is gone: the status still tells
    return EXIT_USAGE


def _os_message(e: OSError) -> str:
    from printables.errors import os_reason, printable
    if e.filename is not None:
        return f"cannot use {printable(str(e.filename))}: {os_reason(e)}"
    return f"cannot write to standard output: {os_reason(e)}"


def _flush_stdout() -> None:
    """Flush stdout now, so a failure (e.g. '> /dev/full') is ours to report."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()
        raise


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush cannot fail again."""
    import os
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a real file (e.g. captured in tests)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


@cli.command()
@click.argument("game")
@click.option("--players", default="random,random", show_default=True,
              help="One player per side, comma-separated (valid: random).")
@click.option("--games", "n_games", default=100, show_default=True, type=Count(1, 10_000_000),
              help="How many games to play.")
@click.option("--seed", default=0, show_default=True, type=Count(0, 2**63 - 1),
              help="Same seed, same games.")
@click.option("--max-plies", type=Count(1, 10_000_000),
              help="Ply cap; a capped game is adjudicated (default: the kernel's, "
                   "Dugi 1000, else 2000).")
@click.option("--kernel", "kernel_name", default="fast", show_default=True,
              type=click.Choice(["fast", "numba", "reference"]),
              help="fast: the pure-Python kernel; numba: compiled (the play extra); "
                   "reference: the rules engine.")
@click.option("--layout", "layout_file", type=click.Path(dir_okay=False),
              help="Start from this position file (default: the game's setup).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. size=11 (repeatable).")
@click.option("--json", "json_file", type=click.Path(dir_okay=False),
              help="Also write the report (with every game's length and result) as JSON.")
def play(game, players, n_games, seed, max_plies, kernel_name, layout_file, options,
         json_file) -> None:
    """Self-play GAME N times and report plies/s, games/s, lengths and results."""
    import contextlib
    import json

    from printables.outputs import write_atomic
    from printables.play.selfplay import describe, self_play, start_of
    kernel, start, names, cap = start_of(game, players, kernel_name, layout_file, options)
    bar = (click.progressbar(length=n_games, label=f"{kernel.game.name} games",
                             file=sys.stderr) if sys.stderr.isatty() else None)
    with bar or contextlib.nullcontext():
        report = self_play(kernel, start, names, n_games, seed, max_plies or cap, kernel_name,
                           progress=bar.update if bar else None)
    for line in describe(report):
        click.echo(line)
    if json_file:
        text = json.dumps(report.summary(), indent=1, sort_keys=True) + "\n"
        write_atomic(json_file, text.encode("utf-8"))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

