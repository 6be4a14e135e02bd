"""The printables command line: thin adapters, each calling one core function."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Generic, TypeVar

import click

from printables import __version__
from printables.cli_grammar import (
    KERNEL,
    OUTPUT,
    SEED,
    SHELLS,
    Command,
    Decorator,
    GameType,
    TableChoice,
    completion_script,
    field_options,
    game_request_options,
    output_option,
    renamed,
)
from printables.errors import (
    PrintablesError,
    UsageError,
    install_hint,
    one_line,
    os_reason,
    printable,
)
from printables.games import BROKEN, GAMES, GameSpec, get_game, installed_games
from printables.interrupt import Interrupted, ctrl_c, interrupted
from printables.loading import load
from printables.outputs import (
    check_target,
    ensure_dir,
    write_atomic,
    write_files,
    write_targets,
)
from printables.products.registry import (
    FORMAT_HELP,
    PRODUCTS,
    Product,
    check_format,
    game_of_texts,
)
from printables.products.requests import KIT_PAPERS, KitRequest, count, kit_paper
from printables.render.theme import DEFAULT_THEME

EXIT_USAGE = 2
_T = TypeVar("_T")

#: What the commands other than the product commands run, by name (printables.loading): a
#: command loads its own work only, so `printables board` never loads the game-file reader,
#: the kit or the self-play code (a GAME that is a game file loads the reader,
#: cli_grammar.GameType; each product command loads its own build, products.registry).
WORK = {
    "validate_all": "printables.gamefile:validate_all",
    "forget_loaded": "printables.gamefile:forget_loaded",
    "export_game": "printables.gamefile.export:export_game",
    "exported_files": "printables.gamefile.export:exported_files",
    "build_kits": "printables.products.kit:build_kits",
    "kit_requests": "printables.products.kit:kit_requests",
    "watch_kits": "printables.products.kit:watch_kits",
    "default_workers": "printables.play.balance:default_workers",
    "plan_for": "printables.play.balance:plan_for",
    "check_address": "printables.play.cluster:check_address",
    "kernel_kind": "printables.play.kernels:kernel_kind",
    "REPORT_FILES": "printables.play.report:REPORT_FILES",
    "build_report": "printables.play.report:build_report",
    "progress_line": "printables.play.report:progress_line",
    "describe": "printables.play.selfplay:describe",
    "self_play": "printables.play.selfplay:self_play",
    "start_of": "printables.play.selfplay:start_of",
    "ruleset_of": "printables.products.booklet.rules_prose:ruleset_of",
    "explain_text": "printables.products.booklet.generated:explain_text",
    "generated_markdown": "printables.products.booklet.generated:generated_markdown",
    "draft_files": "printables.products.booklet.generated:draft_files",
    "copy_examples": "printables.shipped:copy_examples",
    "bundled_layouts": "printables.positions:bundled_layouts",
    "booklet_problems": "printables.products.booklet.requirements:booklet_problems",
}


def work(name: str) -> Any:
    """The function (or table) of WORK by that name, its module loaded on first use."""
    return load(WORK[name])


class Group(click.Group):
    """The printables command group: its commands understand renamed options."""

    command_class = Command


@click.group(cls=Group, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="printables")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Print-ready boards, pieces, rule booklets and laser files for seven abstract games.

    Start with `printables kit all`: every game's print-and-play kit in output/.
    """
    if ctx.invoked_subcommand is None:  # `printables` alone: the help, as --help gives it
        click.echo(ctx.get_help())


@cli.command("list")
def list_games() -> None:
    """List the games: name, designer, board (plugin games too; one that failed to load is
    named on standard error with the reason)."""
    games = installed_games()
    width = max(map(len, games))
    for name, g in games.items():
        click.echo(f"{name:<{width}}  {g.designer:<16}  {g.board_summary}")
    for name, reason in BROKEN.items():
        click.echo(f"printables: game {name!r} is not listed: {reason}", err=True)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
def validate(paths: tuple[str, ...]) -> None:
    """Check every claim in position files (folders are searched for *.toml).

    A file that cannot be read is reported (file, line, reason) and the others are still
    checked. A game file (one with a [game] table) is read whole: its setup and examples
    must name spaces, sides and kinds that exist; without a rules engine nothing more is
    checked, and the output says so. A built-in game's own layouts folder (or the whole
    layouts folder) is also checked for what its booklet needs (a FAIL line per thing
    missing). Exit status: 2 if a file could not be read, else 1 if a claim failed, else 0.
    """
    passed = failed = unreadable = 0
    def notice(text: str) -> None:
        click.echo(f"printables: {text}", err=True)
    for res in work("validate_all")(paths, click.echo, notice):
        if isinstance(res, PrintablesError):
            unreadable += 1
            click.echo(f"printables: error: {res}", err=True)
        elif res.ok:
            passed += 1
            click.echo(f"{printable(str(res.path))} check {res.number}: ok")
        else:
            failed += 1
            click.echo(f"{printable(str(res.path))} check {res.number}: FAIL {res.reason}")
    for line in booklet_failures(paths):
        failed += 1
        click.echo(line)
    files = f", {unreadable} file{'s' if unreadable != 1 else ''} unreadable" if unreadable else ""
    click.echo(f"{passed} passed, {failed} failed{files}")
    if unreadable or failed:
        raise click.exceptions.Exit(EXIT_USAGE if unreadable else 1)


def booklet_failures(paths: tuple[str, ...]) -> list[str]:
    """What the built-in games whose bundled layouts are among paths (a game's folder, or
    the whole layouts folder) lack for their booklets, one FAIL line each."""
    root = work("bundled_layouts")().resolve()
    asked = {Path(p).resolve() for p in paths}
    games = [g for name, g in GAMES.items() if root in asked or root / name in asked]
    return [f"{g.name} booklet: FAIL {problem}" for g in games
            for problem in work("booklet_problems")(g)]


def _games(game: str | None, all_: bool) -> list[GameSpec]:
    """The games a command works on: one by name, or all with --all."""
    if all_ and game:
        raise UsageError("give a GAME or --all, not both")
    if all_ or (game or "").lower() == "all":
        return list(installed_games().values())
    if not game:
        raise UsageError("missing GAME; valid: " + ", ".join(installed_games()) + " (or --all)")
    return [get_game(game)]


def _columns() -> int:
    """The width of the terminal standard error is on (80 when it cannot be told)."""
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns or 80
    except (OSError, ValueError, AttributeError):
        return shutil.get_terminal_size((80, 24)).columns


def _bar_width(label: str, extra: int) -> int:
    """The width of a progress bar whose line fits the terminal: the label, the bar, the
    percentage and time left (up to 24 characters with their gaps) and `extra` more."""
    return max(8, _columns() - 1 - len(label) - 24 - extra)


def _progress(items: list[_T], label: str, show: Callable[[_T], str] = lambda item: ""
              ) -> AbstractContextManager[Iterable[_T]]:
    """A progress bar on stderr for more than one item (show(item): the words after the
    bar), else the items themselves."""
    if len(items) <= 1 or not sys.stderr.isatty():  # a log gets errors only, one line each
        return _NoBar(items)
    longest = max(len(show(item)) for item in items)
    return click.progressbar(items, label=label, file=sys.stderr,
                             width=_bar_width(label, longest + 2),
                             item_show_func=lambda item: show(item) if item else "")


class _NoBar(Generic[_T]):
    def __init__(self, items: list[_T]) -> None:
        self.items = items

    def __enter__(self) -> list[_T]:
        return self.items

    def __exit__(self, *exc: object) -> None:
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


def per_game(product: Product) -> Decorator:
    """The options every product command shares, declared once: GAME (optional), --all,
    --format (default: the product's first), the game request, the product's fields, -o."""
    formats = product.formats()
    shared = [click.argument("game", required=False, type=GameType(with_all=True)),
              click.option("--all", "all_", is_flag=True, help="Every game."),
              click.option("--format", "fmt", default=formats[0], show_default=True,
                           type=TableChoice(formats, lambda t: check_format(product, t)),
                           help=FORMAT_HELP.get(product.name))]

    def decorate(f: Any) -> Any:
        f = OUTPUT(f)
        f = field_options(product.request.FIELDS)(f)
        f = game_request_options(product.theme)(f)
        for add in reversed(shared):
            f = add(f)
        return f
    return decorate


def product_command(product: Product) -> click.Command:
    """The command of one product: read a request per game, build, write. Build errors of
    one game with --all are reported and the other games are still made."""
    @per_game(product)
    def run(game: str | None, all_: bool, fmt: str, options: tuple[str, ...], size: str | None,
            output: str, theme: str = DEFAULT_THEME, **fields: str | bool | None) -> None:
        # a flag's True is the text "1", its False no text
        texts = {k: ("1" if v is True else None if v is False else v) for k, v in fields.items()}
        named = game_of_texts(product, texts) if game is None and not all_ else None
        games = [named] if named is not None else _games(game, all_)
        reqs = [(g, product.read(g, texts, fmt, options, size, theme)) for g in games]
        ensure_dir(output)  # before the work: a bad folder fails at once
        files, failed = [], []
        with _progress(reqs, product.name, show=lambda item: item[0].name) as bar:
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
    return cli.command(product.name, help=product.help, games=True)(run)


def _add_product_commands() -> None:
    for product in PRODUCTS.values():
        product_command(product)


_add_product_commands()


@cli.command(games=True)
@click.argument("games", nargs=-1, metavar="[GAME]...", type=GameType(with_all=True))
@click.option("--all", "all_", is_flag=True, help="Every game.")
@game_request_options()
@click.option("--paper", default="A4", show_default=True,
              type=TableChoice(KIT_PAPERS, kit_paper),
              help="Paper you print on (large boards are tiled over pages).")
@click.option("--jobs", metavar="N", help="Games built at once (default: the cores).")
@click.option("--no-cache", is_flag=True,
              help="Build every file again (default: reuse files whose inputs did not change).")
@click.option("--watch", is_flag=True,
              help="Stay and rebuild on every save of the game files, texts and art "
                   "(board and setup first, then the rest); a mistake is one line and the "
                   "watch waits for the fix; Ctrl-C stops.")
@OUTPUT
def kit(games: tuple[str, ...], all_: bool, options: tuple[str, ...], size: str | None,
        theme: str, paper: str, jobs: str | None, no_cache: bool, watch: bool,
        output: str) -> None:
    """Build print-and-play kits: one per GAME (a name or a game file), or all (--all).

    Per game a folder with board.pdf/svg/png, setup.png, pieces.pdf, booklet.pdf,
    booklet-imposed.pdf, laser/*.svg and GAME-print-and-play.pdf (everything in printing
    order), all of one request: --option, --size and --theme reach every file. Plus
    index.html (open it) and manifest.json (size and sha256 of every file), listing every
    kit in the folder.
    """
    if all_ and games:
        raise UsageError("give GAME... or --all, not both")
    if not games and not all_:
        raise UsageError("missing GAME; valid: " + ", ".join(installed_games())
                         + ", all (or --all), or a game file")
    games = games or ("all",)
    if watch:  # the games' requests are read again for every build: a mistake waits
        kit_paper(paper)  # the command's own values are checked once, before the watch
        if jobs is not None:
            count("--jobs", 1, 64)(jobs)
        def fresh() -> KitRequest:  # every game file read again, checked as at first
            work("forget_loaded")()
            req: KitRequest = work("kit_requests")(games, options, size, theme, paper, jobs,
                                                   cache=not no_cache)
            return req
        work("watch_kits")(fresh, output, report=click.echo, games=games)
        return
    reqs = work("kit_requests")(games, options, size, theme, paper, jobs, cache=not no_cache)
    start = time.perf_counter()
    label = f"kits on {reqs.paper}"
    with click.progressbar(length=len(reqs.games), label=label, file=sys.stderr,
                           show_pos=True, hidden=not sys.stderr.isatty(),
                           width=_bar_width(label, 2 * len(str(len(reqs.games))))) as bar:
        files = work("build_kits")(reqs, output, on_done=lambda name: bar.update(1),
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


@cli.command(games=False)
@click.argument("game", type=GameType())
@output_option(None, file=True, dest="to",
               help="Write the game file here, with a copy of the rules text next to it "
                    "(FILE.md) and every example position (FILE/*.toml); - is standard "
                    "output (the game file alone).")
@renamed("--to", "to", "-o/--output", type=click.Path(dir_okay=False))
def export(game: str, to: str | None) -> None:
    """Write a game as a game file (TOML) on standard output: the start of a variant.

    printables export network > my-network.toml, then edit it and run
    printables kit my-network.toml. The board it describes is the built-in one. With
    -o my-network.toml the rules text and the examples are written next to it too.
    """
    if to is None or to == "-":
        click.echo(work("export_game")(get_game(game)), nl=False)
        return
    target = Path(to)
    files = work("exported_files")(get_game(game), target)
    write_targets(files)  # all or none: every target checked and staged before any rename
    n = sum(1 for p in files if p.parent == target.parent / target.stem
            and p.suffix == ".toml")
    click.echo(f"wrote {target}, {target.with_suffix('.md').name} and "
               f"{n} example{'s' if n != 1 else ''} in {target.parent / target.stem}/")


@cli.command("rules-text", games=False)
@click.argument("game", type=GameType())
@click.option("--explain", is_flag=True,
              help="List every generated sentence with the [rules] keys it says back.")
@output_option(None, help="Write GAME.md (the rules text) and GAME/found-*.toml (the "
                          "examples the engine found) into this folder, to edit.")
def rules_text(game: str, explain: bool, output: str | None) -> None:
    """Write the rules text a game file's [rules] give its booklet, as Markdown.

    printables rules-text my-game.toml > my-game.md, then edit it and name it under
    [rules] as text = "my-game.md": your sections replace the generated ones.
    """
    spec = get_game(game)
    if work("ruleset_of")(spec) is None:
        raise UsageError(f"{game} has no [rules] to write a rules text from; give a game "
                         "file with a [rules] table, such as examples/gomoku.toml", input=game)
    if output is None:
        write = work("explain_text") if explain else work("generated_markdown")
        click.echo(write(spec), nl=False)
        return
    folder = Path(output)
    files = work("draft_files")(spec, folder / f"{spec.name}.md", folder / spec.name)
    write_targets(files)
    click.echo(f"wrote {folder / (spec.name + '.md')} and {len(files) - 1} example"
               f"{'s' if len(files) != 2 else ''} in {folder / spec.name}/")


@cli.command()
@click.option("--output", "-o", default="examples", show_default=True,
              type=click.Path(file_okay=False), help="Folder to copy them into.")
def examples(output: str) -> None:
    """Copy the example game files into a folder, to build, read and change.

    Each game file comes with its rules text, its example positions and its art. A file
    already there with other bytes is never replaced: nothing is copied, and the error
    names it.
    """
    done = work("copy_examples")(output)
    first = next(iter(done.games), "GAME.toml")
    kept = f" ({len(done.unchanged)} already there)" if done.unchanged else ""
    click.echo(f"{len(done.written)} files of {len(done.games)} example games copied into "
               f"{printable(str(Path(output)))}/{kept}: {', '.join(done.games)}")
    click.echo(f"next: printables kit {printable(str(Path(output) / first))}")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 opens the page to your network.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--game-files", "games_dir", type=click.Path(file_okay=False, exists=True),
              metavar="DIRECTORY", help="A folder of game files to offer next to the seven "
                                        "games.")
@renamed("--games", "games_dir", "--game-files", type=click.Path(file_okay=False, exists=True))
@click.option("--no-browser", is_flag=True, help="Do not open a browser.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Also answer to this host name (e.g. club.local or 192.168.1.5, the name "
                   "people type); besides it only the --host address and localhost.")
def serve(host: str, port: int, games_dir: str | None, no_browser: bool,
          allow_hosts: tuple[str, ...]) -> None:
    """A local web page: choose a game and its options, preview, download files and kits.

    Needs the web extra: pip install "printables[web]" (or with pipx: pipx inject
    printables flask waitress).
    """
    try:
        from printables.web import serve as run
    except ImportError as e:
        raise UsageError(f"serve needs the web extra ({e.name} is missing): "
                         f"{install_hint('web')}") from None
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


@cli.command(games=False)
@click.argument("game", type=GameType())
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Game option for every variant, e.g. size=10 (network).")
@click.option("--variants", metavar="'K=V,..;K=V,..'",
              help="Option sets played side by side, ';' between sets, ',' inside one, e.g. "
                   "'size=8;size=10;size=12' or 'pie=false;pie=3;pie=5'. The first is the "
                   "baseline the others are compared with.")
@click.option("--levels", "players", default="random", show_default=True, metavar="LEVEL,..",
              help="Skill levels, weakest first: random, flat:N, mcts:N, mcts:N:DEPTH (N "
                   "playouts a move; DEPTH truncates playouts), mcts:Ts (T seconds a move, "
                   "e.g. mcts:1s: its figures depend on the machine and its load, so the same "
                   "seed no longer gives the same figures).")
@renamed("--players", "players", "--levels")
@click.option("--games", metavar="N", help="Games per pairing (default 100).")
@click.option("--ci", metavar="H",
              help="Instead of --games: play each level against itself until the first "
                   "player's 95 % interval is +-H (0.02: two points).")
@SEED
@click.option("--max-plies", default="1000", show_default=True, metavar="N",
              help="A game still running after this many plies is adjudicated.")
@KERNEL
@click.option("--jobs", "workers", metavar="N",
              help="Local worker processes (default: the cores; 1 plays in this process).")
@renamed("--workers", "workers", "--jobs")
@click.option("--scheduler", metavar="tcp://HOST:PORT",
              help="Run the games on this Dask distributed cluster instead.")
@output_option("output/balance")
def balance(game: str, options: tuple[str, ...], variants: str | None, players: str,
            games: str | None, ci: str | None, seed: str, max_plies: str,
            kernel_name: str | None, workers: str | None, scheduler: str | None,
            output: str) -> None:
    """Self-play statistics: who wins, how often, how long (GAME or FILE.toml).

    Writes balance.json, balance.md, balance.pdf and speed.json. Same command, same figures.
    """
    if games is not None and ci is not None:
        raise UsageError("give --games N or --ci H, not both")
    if not str(output).strip():
        raise UsageError("-o must not be empty; give a folder")
    half = _half_width(ci) if ci is not None else None
    if scheduler is not None:
        scheduler = work("check_address")(scheduler)
    plan = work("plan_for")(game, options, variants, players,
                    games=count("--games", 1, 10_000_000)(games) if games is not None else 100,
                    ci=half,
                    seed=count("--seed", 0, 2**63 - 1)(seed),
                    max_plies=count("--max-plies", 1, 1_000_000)(max_plies),
                    kernel=kernel_name)
    jobs = count("--jobs", 1, 256)(workers) if workers is not None else None
    tty = sys.stderr.isatty()
    width = _columns() - 1  # a line as wide as the terminal wraps on some terminals
    def show(event: dict[str, Any]) -> None:
        if tty:
            line = work("progress_line")(event, width)[:width]
            click.echo("\r" + line.ljust(width), err=True, nl=False)
    for name in work("REPORT_FILES"):  # before the games: a target we won't replace fails now
        check_target(Path(output) / name)
    paths, speed = work("build_report")(plan, output, jobs or work("default_workers")(),
                                         scheduler, show)
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
    make carries the same fixed date, so builds are identical anywhere; see the
    documentation's reliability page), and
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


@cli.command(games=False)
@click.argument("game", type=GameType())
@click.option("--players", default="random,random", show_default=True, metavar="PLAYER,PLAYER",
              help="One player per side, comma-separated (valid: random).")
@click.option("--games", "n_games", default="100", show_default=True, metavar="N",
              help="How many games to play.")
@SEED
@click.option("--max-plies", metavar="N",
              help="Ply cap; a capped game is adjudicated (default: the kernel's, "
                   "Dugi 1000, else 2000).")
@KERNEL
@click.option("--layout", "layout_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Start from this position file (default: the game's setup).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. size=11 (repeatable).")
@output_option(None, file=True, dest="json_file",
               help="Also write the report (with every game's length and result) as JSON "
                    "to this file; - writes it on standard output instead of the text report.")
@renamed("--json", "json_file", "-o/--output", type=click.Path(dir_okay=False))
def play(game: str, players: str, n_games: str, seed: str, max_plies: str | None,
         kernel_name: str | None, layout_file: str | None, options: tuple[str, ...],
         json_file: str | None) -> None:
    """Self-play GAME N times and report plies/s, games/s, lengths and results."""
    games = count("--games", 1, 10_000_000)(n_games)  # the one whole-number parser
    first_seed = count("--seed", 0, 2**63 - 1)(seed)
    cap_given = count("--max-plies", 1, 10_000_000)(max_plies) if max_plies is not None else None
    if json_file and json_file != "-":
        check_target(json_file)  # before the games: a target we will not replace fails at once

    kernel, start, names, cap = work("start_of")(game, players, kernel_name, layout_file, options)
    label = f"{kernel.game.name} games"
    bar = (click.progressbar(length=games, label=label, file=sys.stderr,
                             width=_bar_width(label, 0)) if sys.stderr.isatty() else None)
    with bar or contextlib.nullcontext():
        report = work("self_play")(kernel, start, names, games, first_seed, cap_given or cap,
                           work("kernel_kind")(kernel),
                           progress=bar.update if bar else None)
    text = json.dumps(report.summary(), indent=1, sort_keys=True) + "\n"
    if json_file == "-":  # the documented write-through: the JSON in place of the lines
        click.echo(text, nl=False)
        return
    for line in work("describe")(report):
        click.echo(line)
    if json_file:
        write_atomic(json_file, text.encode("utf-8"))


@cli.command()
@click.argument("shell", type=click.Choice(SHELLS))
def completion(shell: str) -> None:
    """Print the script that makes SHELL complete printables' commands, options, games and
    values (papers, formats, themes...).

    \b
    bash:  add  eval "$(printables completion bash)"  to ~/.bashrc
    zsh:   add  eval "$(printables completion zsh)"  to ~/.zshrc, after compinit
    fish:  printables completion fish > ~/.config/fish/completions/printables.fish
    """
    click.echo(completion_script(cli, shell), nl=False)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

