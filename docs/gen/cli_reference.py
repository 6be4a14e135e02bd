"""The command-line reference, printed from the click commands themselves: every visible
command with its usage, its help and every visible option's own help record (the lines
`--help` prints), so the page cannot list an option the program lacks or miss one it has."""

from __future__ import annotations

import inspect
import re

import click

#: Characters Markdown would read as markup in help text (backticks stay: they mean code).
_MARKUP = re.compile(r"([\\*_\[\]<>#|])")


def escape(text: str) -> str:
    """Help text as Markdown that shows it as written.

    >>> escape("*.toml files <here> [default: 1]")
    '\\\\*.toml files \\\\<here\\\\> \\\\[default: 1\\\\]'
    """
    parts = text.split("`")
    return "`".join(p if i % 2 else _MARKUP.sub(r"\\\1", p) for i, p in enumerate(parts))


def commands(group: click.Group) -> list[tuple[str, click.Command]]:
    """The group's visible commands, in the order `--help` lists them."""
    ctx = click.Context(group, info_name="printables")
    out = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is not None and not cmd.hidden:
            out.append((name, cmd))
    return out


def visible_params(cmd: click.Command, ctx: click.Context) -> list[click.Parameter]:
    """The parameters `--help` shows (hidden aliases and --help itself left out)."""
    return [p for p in cmd.get_params(ctx) if not getattr(p, "hidden", False)
            and "--help" not in p.opts]


def _paragraphs(text: str | None) -> list[str]:
    """A docstring's paragraphs, each on one line (click's \\b markers dropped)."""
    clean = inspect.cleandoc(text or "").replace("\b\n", "")
    return [" ".join(p.split()) for p in clean.split("\n\n") if p.strip()]


def command_markdown(name: str, cmd: click.Command, prog: str = "printables") -> str:
    """One command's section: heading, usage, help, arguments, options, epilog."""
    ctx = click.Context(cmd, info_name=f"{prog} {name}")
    usage = " ".join(cmd.collect_usage_pieces(ctx))
    lines = [f"## `{prog} {name}`", "", f"```text\n{prog} {name} {usage}\n```", ""]
    lines += [escape(p) + "\n" for p in _paragraphs(cmd.help)]
    params = visible_params(cmd, ctx)
    args = [p for p in params if isinstance(p, click.Argument)]
    if args:
        lines.append("Arguments: " + ", ".join(f"`{p.make_metavar(ctx)}`" for p in args)
                     + "\n")
    options = [p for p in params if isinstance(p, click.Option)]
    if options:
        lines.append("Options:\n")
        for p in options:
            record = p.get_help_record(ctx)
            if record is not None:
                names, text = record
                lines.append(f"- `{names}`" + (f": {escape(' '.join(text.split()))}"
                                               if text else ""))
        lines.append("")
    lines += [escape(p) + "\n" for p in _paragraphs(cmd.epilog)]
    return "\n".join(lines).rstrip() + "\n"


def cli_markdown(group: click.Group, prog: str = "printables") -> str:
    """The whole reference page: the program's own help, then every command."""
    head = [
        "# Command reference", "",
        "Printed from the commands themselves when this site is built: what each command's "
        "`--help` says, for every command and option. Every command also takes `-h` or "
        "`--help`.", "",
        f"```text\n{prog} [OPTIONS] COMMAND [ARGS]...\n```", "",
    ]
    head += [escape(p) + "\n" for p in _paragraphs(group.help)]
    ctx = click.Context(group, info_name=prog)
    own = [p.get_help_record(ctx) for p in visible_params(group, ctx)
           if isinstance(p, click.Option)]
    head += [f"- `{r[0]}`: {escape(r[1])}" for r in own if r is not None] + [""]
    head += ["| command | what it does |", "|---|---|"]
    head += [f"| [`{name}`](#{prog}-{name}) | {escape(_paragraphs(cmd.help)[0])} |"
             for name, cmd in commands(group)]
    body = [command_markdown(name, cmd, prog) for name, cmd in commands(group)]
    return "\n".join(head) + "\n\n" + "\n".join(body)
