"""The printables command line: thin adapters, each calling one core function."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from pathlib import Path

import click

import printables.gamefile  # noqa: F401  (lets every GAME argument be a game file)
from printables import __version__
from printables.errors import PrintablesError, UsageError, one_line, os_reason, printable
from printables.gamefile import validate_all
from printables.gamefile.export import export_game, exported_files
from printables.games import GAMES, get_game
from printables.interrupt import Interrupted, ctrl_c, interrupted
from printables.outputs import (
    check_target,
    ensure_dir,
    write_atomic,
    write_files,
    write_targets,
)
from printables.play.balance import default_workers, plan_for
from printables.play.cluster import check_address
from printables.play.kernels import kernel_kind
from printables.play.report import REPORT_FILES, build_report, progress_line
from printables.play.selfplay import describe, self_play, start_of
from printables.products.kit import build_kits, kit_requests, watch_kits
from printables.products.registry import FORMAT_HELP, PRODUCTS, count, game_of_texts, kit_paper
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


def _games(game: str | None, all_: bool) -> list:
    """The games a command works on: one by name, or all with --all."""
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
    out = ensure_dir(output)
    for path in write_files(out, files):
        if one_game:
            click.echo(printable(str(path)))
    if not one_game:
        click.echo(f"{len(files)} {what} written to {printable(str(out))}/")


SIZE_HELP = ("Board size: a length such as 175, 17.5cm or 7in (the playing area's width; "
             "Dugi: its diameter). For dag-en-nacht and network a whole number up to 25 is "
             "the number of squares per side (dag-en-nacht 11..19 odd, network 8, 10, 12).")
OPTION_HELP = ("Game option, e.g. size=19 (dag-en-nacht), size=12 or pie=true (network), "
               "target=12 (evl).")

OUTPUT = click.option("--output", "-o", default="output", show_default=True,
                      type=click.Path(file_okay=False), help="Folder to write into.")
THEME = click.option("--theme", default=DEFAULT_THEME, show_default=True,
                     help="colour or mono (ink-saving).")
OPTIONS = click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
                       help=OPTION_HELP)
SIZE = click.option("--size", help=SIZE_HELP)


def game_request_options(theme: bool = True):
    """--option, --size and (unless theme=False) --theme: the game request every product
    of a kit shares, declared once."""
    def decorate(f):
        for add in ([THEME] if theme else []) + [SIZE, OPTIONS]:
            f = add(f)
        return f
    return decorate


def field_options(fields):
    """One click option per field of a product's request: plain text, read by the field's
    own parser in the registry (click only collects it)."""
    def decorate(f):
        for fd in reversed(fields):
            if fd.is_flag:
                f = click.option(fd.cli, fd.name, is_flag=True, help=fd.help)(f)
            else:
                f = click.option(fd.cli, fd.name, default=fd.default or None,
                                 metavar=fd.metavar, show_default=bool(fd.default),
                                 help=fd.help)(f)
        return f
    return decorate


def per_game(product):
    """The options every product command shares, declared once: GAME (optional), --all,
    --format (default: the product's first), the game request, the product's fields, -o."""
    formats = product.formats()
    shared = [click.argument("game", required=False),
              click.option("--all", "all_", is_flag=True, help="Every game."),
              click.option("--format", "fmt", metavar="[" + "|".join(formats) + "]",
                           default=formats[0], show_default=True,
                           help=FORMAT_HELP.get(product.name))]

    def decorate(f):
        f = OUTPUT(f)
        f = field_options(product.request.FIELDS)(f)
        f = game_request_options(product.theme)(f)
        for add in reversed(shared):
            f = add(f)
        return f
    return decorate


def product_command(product) -> click.Command:
    """The command of one product: read a request per game, build, write. Build errors of
    one game with --all are reported and the other games are still made."""
    @per_game(product)
    def run(game, all_, fmt, options, size, output, theme=DEFAULT_THEME, **texts) -> None:
        texts = {k: ("1" if v is True else None if v is False else v) for k, v in texts.items()}
        named = game_of_texts(product, texts) if game is None and not all_ else None
        games = [named] if named is not None else _games(game, all_)
        reqs = [(g, product.read(g, texts, fmt, options, size, theme)) for g in games]
        ensure_dir(output)  # before the work: a bad folder fails at once
        files, failed = [], []
        with _progress(reqs, product.name) as bar:
            for g, req in bar:
                try:
                    files += product.files(g, req)
                except UsageError as e:
                    if len(games) == 1:
                        raise
                    failed.append(f"{g.name} ({e})")
        _write_files(files, output, len(games) == 1, f"{product.name} files")
        if failed:
            click.echo(f"not made: {'; '.join(failed)}", err=True)
            raise click.exceptions.Exit(EXIT_USAGE)
    run.__doc__ = product.help
    return cli.command(product.name, help=product.help)(run)


def _add_product_commands() -> None:
    for product in PRODUCTS.values():
        product_command(product)


_add_product_commands()


@cli.command()
@click.argument("games", nargs=-1, required=True, metavar="GAME...")
@game_request_options()
@click.option("--paper", default="A4", show_default=True,
              help="Paper you print on: A4, Letter or A3 (large boards are tiled over pages).")
@click.option("--jobs", help="Games built at once (default: cores).")
@click.option("--no-cache", is_flag=True,
              help="Build every file again (default: reuse files whose inputs did not change).")
@click.option("--watch", is_flag=True,
              help="Stay and rebuild on every save of the game files, texts and art "
                   "(board and setup first, then the rest); a mistake is one line and the "
                   "watch waits for the fix; Ctrl-C stops.")
@OUTPUT
def kit(games, options, size, theme, paper, jobs, no_cache, watch, output) -> None:
    """Build print-and-play kits: GAME... (names or game files), or 'all' for every game.

    Per game a folder with board.pdf/svg/png, setup.png, pieces.pdf, booklet.pdf,
    booklet-imposed.pdf, laser/*.svg and GAME-print-and-play.pdf (everything in printing
    order), all of one request: --option, --size and --theme reach every file. Plus
    index.html (open it) and manifest.json (size and sha256 of every file), listing every
    kit in the folder.
    """

    if watch:  # the games' requests are read again for every build: a mistake waits
        kit_paper(paper)  # the command's own values are checked once, before the watch
        if jobs is not None:
            count("jobs", 1, 64)(jobs)
        watch_kits(lambda: kit_requests(games, options, size, theme, paper, jobs,
                                        cache=not no_cache), output, report=click.echo,
                   games=games)
        return
    reqs = kit_requests(games, options, size, theme, paper, jobs, cache=not no_cache)
    start = time.perf_counter()
    with click.progressbar(length=len(reqs.games), label=f"kits on {reqs.paper}",
                           file=sys.stderr, show_pos=True,
                           hidden=not sys.stderr.isatty()) as bar:
        files = build_kits(reqs, output, on_done=lambda name: bar.update(1),
                           warn=lambda line: click.echo(f"printables: warning: {line}",
                                                        err=True))
    total = sum(len(v) for v in files.values())
    n = len(reqs.games)
    kept = n - len({k.split("/", 1)[0] for k in files if "/" in k})
    note = f" ({kept} unchanged)" if kept else ""
    click.echo(f"{n} kit{'s' if n > 1 else ''}{note}, {len(files)} files written, "
               f"{total / 1e6:.1f} MB in {printable(str(Path(output)))}/ "
               f"({time.perf_counter() - start:.1f} s); "
               f"open {printable(str(Path(output) / 'index.html'))}")


@cli.command()
@click.argument("game")
@click.option("--to", "to", type=click.Path(dir_okay=False), default=None,
              help="Write the game file here, with a copy of the rules text next to it "
                   "(FILE.md) and every example position (FILE/*.toml); - is standard "
                   "output (the game file alone).")
def export(game, to) -> None:
    """Write a game as a game file (TOML) on standard output: the start of a variant.

    printables export network > my-network.toml, then edit it and run
    printables kit my-network.toml. The board it describes is the built-in one. With
    --to my-network.toml the rules text and the examples are written next to it too.
    """
    if to is None or to == "-":
        click.echo(export_game(get_game(game)), nl=False)
        return
    target = Path(to)
    files = exported_files(get_game(game), target)
    write_targets(files)  # all or none: every target checked and staged before any rename
    n = sum(1 for p in files if p.parent == target.parent / target.stem
            and p.suffix == ".toml")
    click.echo(f"wrote {target}, {target.with_suffix('.md').name} and "
               f"{n} example{'s' if n != 1 else ''} in {target.parent / target.stem}/")


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
    with contextlib.suppress(Interrupted):  # Ctrl-C is how serve stops: exit 0
        run(host, port, games_dir, open_browser=not no_browser, say=click.echo,
            allow_hosts=allow_hosts)


def _half_width(text: str) -> float:
    """--ci: a half-width between 0.001 and 0.5, written with the digits 0-9."""
    t = str(text).strip()
    try:
        h = float(t) if t.replace(".", "", 1).isascii() and t.replace(".", "", 1).isdigit() \
            else float("nan")
    except ValueError:
        h = float("nan")
    if not 0.001 <= h <= 0.5:  # nan fails too
        raise UsageError(f"--ci {text!r} is not a half-width between 0.001 and 0.5, e.g. 0.02",
                         input=t)
    return h

@cli.command()
@click.argument("game")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Game option for every variant, e.g. size=10 (network).")
@click.option("--variants", metavar="'K=V,..;K=V,..'",
              help="Option sets played side by side, ';' between sets, ',' inside one, e.g. "
                   "'size=8;size=10;size=12' or 'pie=false;pie=3;pie=5'. The first is the "
                   "baseline the others are compared with.")
@click.option("--players", default="random", show_default=True, metavar="LEVEL,..",
              help="Levels, weakest first: random, flat:N, mcts:N, mcts:N:DEPTH (N playouts "
                   "a move; DEPTH truncates playouts), mcts:Ts (T seconds a move, e.g. "
                   "mcts:1s: its figures depend on the machine and its load, so the same "
                   "seed no longer gives the same figures).")
@click.option("--games", help="Games per pairing (default 100).")
@click.option("--ci", metavar="H",
              help="Instead of --games: play each level against itself until the first "
                   "player's 95 % interval is +-H (0.02: two points).")
@click.option("--seed", default="1", show_default=True, help="Same seed, same games.")
@click.option("--max-plies", default="1000", show_default=True,
              help="A game still running after this many plies is adjudicated.")
@click.option("--kernel", "kernel_name", type=click.Choice(["numba", "fast", "reference"]),
              help="Playout kernel: numba (compiled; the default where numba is installed), "
                   "fast (pure Python; the default without numba) or reference (the rules "
                   "engine).")
@click.option("--workers", help="Local worker processes (default: cores).")
@click.option("--scheduler", metavar="tcp://HOST:PORT",
              help="Run the games on this Dask distributed cluster instead.")
@click.option("--output", "-o", default="output/balance", show_default=True,
              type=click.Path(file_okay=False), help="Folder to write into.")
def balance(game, options, variants, players, games, ci, seed, max_plies, kernel_name, workers,
            scheduler, output) -> None:
    """Self-play statistics: who wins, how often, how long (GAME or FILE.toml).

    Writes balance.json, balance.md, balance.pdf and speed.json. Same command, same figures.
    """
    if games is not None and ci is not None:
        raise UsageError("give --games N or --ci H, not both")
    if not str(output).strip():
        raise UsageError("-o must not be empty; give a folder")
    half = _half_width(ci) if ci is not None else None
    if scheduler is not None:
        scheduler = check_address(scheduler)
    plan = plan_for(game, options, variants, players,
                    games=count("--games", 1, 10_000_000)(games) if games is not None else 100,
                    ci=half,
                    seed=count("--seed", 0, 2**63 - 1)(seed),
                    max_plies=count("--max-plies", 1, 1_000_000)(max_plies),
                    kernel=kernel_name)
    workers = count("--workers", 1, 256)(workers) if workers is not None else None
    tty = sys.stderr.isatty()
    def show(event: dict) -> None:
        if tty:
            click.echo("\r" + progress_line(event)[:150].ljust(150), err=True, nl=False)
    for name in REPORT_FILES:  # before the games: a target we will not replace fails at once
        check_target(Path(output) / name)
    paths, speed = build_report(plan, output, workers or default_workers(), scheduler, show)
    if tty:
        click.echo("", err=True)
    for path in paths:
        click.echo(printable(str(path)))
    click.echo(f"{speed['games']} games, {speed['plies_per_s']:.0f} plies/s, "
               f"{speed['seconds']:.1f} s on {speed['where']}", err=True)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI: user errors print one line and exit 2, never a traceback.

    Ctrl-C ends it with one line and exit status 130 (printables.interrupt). Also the
    environment: PDFs never take their date from SOURCE_DATE_EPOCH (every PDF we
    make carries the same fixed date, so builds are identical anywhere; see README), and
    a standard output that cannot be written (a full disk, a closed pipe) is reported once.
    """
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        with ctrl_c():
            status = _run(argv)
        _flush_stdout()
        return status
    except (Interrupted, KeyboardInterrupt):  # Ctrl-C: one line, exit 130
        return interrupted()
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
    except click.exceptions.Abort as e:
        if isinstance(e.__cause__, KeyboardInterrupt):  # click caught a Ctrl-C first
            return interrupted()
        click.echo("printables: aborted", err=True)
        return 1
    except click.ClickException as e:
        msg = e.format_message().replace("\n", " ")
        if isinstance(e, click.UsageError) and e.ctx is not None:
            msg += f" (see '{e.ctx.command_path} --help')"
        return _fail(msg)


def _fail(message: str) -> int:
    with contextlib.suppress(OSError):  # stderr itself is gone: the status still tells
        click.echo(f"printables: error: {one_line(message)}", err=True)
    return EXIT_USAGE


def _os_message(e: OSError) -> str:
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
@click.option("--games", "n_games", default="100", show_default=True,
              help="How many games to play.")
@click.option("--seed", default="0", show_default=True, help="Same seed, same games.")
@click.option("--max-plies",
              help="Ply cap; a capped game is adjudicated (default: the kernel's, "
                   "Dugi 1000, else 2000).")
@click.option("--kernel", "kernel_name", type=click.Choice(["fast", "numba", "reference"]),
              help="fast: the pure-Python kernel; numba: compiled (the play extra; the "
                   "default where installed and it applies, else fast); reference: the "
                   "rules engine.")
@click.option("--layout", "layout_file", type=click.Path(dir_okay=False),
              help="Start from this position file (default: the game's setup).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. size=11 (repeatable).")
@click.option("--json", "json_file", type=click.Path(dir_okay=False),
              help="Also write the report (with every game's length and result) as JSON; "
                   "- writes it on standard output instead of the text report.")
def play(game, players, n_games, seed, max_plies, kernel_name, layout_file, options,
         json_file) -> None:
    """Self-play GAME N times and report plies/s, games/s, lengths and results."""
    n_games = count("--games", 1, 10_000_000)(n_games)  # the one whole-number parser
    seed = count("--seed", 0, 2**63 - 1)(seed)
    max_plies = count("--max-plies", 1, 10_000_000)(max_plies) if max_plies is not None else None
    if json_file and json_file != "-":
        check_target(json_file)  # before the games: a target we will not replace fails at once

    kernel, start, names, cap = start_of(game, players, kernel_name, layout_file, options)
    bar = (click.progressbar(length=n_games, label=f"{kernel.game.name} games",
                             file=sys.stderr) if sys.stderr.isatty() else None)
    with bar or contextlib.nullcontext():
        report = self_play(kernel, start, names, n_games, seed, max_plies or cap,
                           kernel_kind(kernel),
                           progress=bar.update if bar else None)
    text = json.dumps(report.summary(), indent=1, sort_keys=True) + "\n"
    if json_file == "-":  # the documented write-through: the JSON in place of the lines
        click.echo(text, nl=False)
        return
    for line in describe(report):
        click.echo(line)
    if json_file:
        write_atomic(json_file, text.encode("utf-8"))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

