"""Pages printed from the project's other tables: every ruling of ours in the bundled rules
texts (the footnotes a booklet lists on its page "Where the rules were silent"), and the
product table the command line, the web page and the kit all read."""

from __future__ import annotations

from printables.games import GAMES
from printables.positions import bundled_rules
from printables.products.booklet import markup
from printables.products.registry import PRODUCTS


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "&#124;")


def rulings_markdown() -> str:
    """Every ruling of ours, per game, as the rules texts define them."""
    out = ["# Rulings per game", "",
           "Where a game's published rules are silent or unclear, we decide, and say so. "
           "Each ruling below is printed from the game's rules text in `rules_text/` when "
           "this site is built; the booklet marks the sentence that states it (R1, R2, ...) "
           "and lists the rulings on a page of their own. The rules engines follow the same "
           "rulings (each engine's module docstring names them).", ""]
    for game in GAMES.values():
        path = bundled_rules() / f"{game.name}.md"
        found = markup.rulings(markup.parse(path.read_text(encoding="utf-8")), str(path))
        out += [f"## {game.title}", "", f"*{game.credit()}.* "
                f"{len(found)} ruling{'s' if len(found) != 1 else ''} in "
                f"`rules_text/{game.name}.md`.", ""]
        if found:
            out += ["| | ruling | why | the original rules |", "|---|---|---|---|"]
            out += [f"| R{i} | {_cell(r.text)} | {_cell(r.why)} | {_cell(r.original)} |"
                    for i, r in enumerate(found, 1)]
            out.append("")
    return "\n".join(out)


def products_markdown() -> str:
    """The product table: each product's command, formats and its own options."""
    out = ["# The product table", "",
           "`printables/products/registry.py` holds one row per product. The command line "
           "makes one command per row, the web page one form and its downloads, and the kit "
           "composes its files from the same requests; so a new option is one `Field` of a "
           "request, and it reaches all three. Printed from the table when this site is "
           "built. Every product also takes the game request (`--option`, `--size`, and "
           "`--theme` where marked), `GAME` or `--all`, `--format` and `-o`.", "",
           "| product | command | formats | theme | its own options |", "|---|---|---|---|---|"]
    for p in PRODUCTS.values():
        fields = ", ".join(f"`{f.cli}`" for f in p.request.FIELDS) or "none"
        out.append(f"| {p.title} | [`printables {p.name}`](../reference/cli.md#printables-"
                   f"{p.name}) | {', '.join(p.formats())} | {'yes' if p.theme else 'no'} | "
                   f"{fields} |")
    out += ["", "Each option's meaning is in the [command reference](../reference/cli.md).", ""]
    return "\n".join(out)
