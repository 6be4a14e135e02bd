"""Run every command a page shows, as a reader would, in a fresh folder.

A page's fenced blocks are read in order:
- a block with a title (```` ```toml title="bridges/first-move.toml" ````) is a file the
  reader writes: it is written, under that name, into the folder;
- a `console` block holds commands after `$ ` and, below each, the output it prints
  (stdout and stderr together). The output must match line for line, but for timings and
  sizes (`(2.7 s)`, `0.7 MB`), which vary; a line `...` stands for any lines. The exit
  status must be 2 when the output shows `printables: error:`, 1 when it shows a `FAIL`
  check, else 0;
- a `sh` block holds commands, one a line (`#` starts a comment), each of which must exit 0.
Commands joined by `&&` are taken one by one. `pip` and `pipx` commands are not run (they
would change the environment the test runs in): the extras they name must exist in
pyproject.toml, in code blocks and in inline code (`pip install ".[web]"`) alike, and a
package `pipx inject` adds must be one of an extra's. `printables serve` is not run: it
serves until it is stopped. `python -m docs.gen.page_commands PAGE...`
runs pages from a shell; tests/test_docs_pages.py runs the getting-started and tutorial
pages.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_FENCE = re.compile(r"^```(?P<lang>[\w-]*)(?P<attrs>[^\n]*)\n(?P<body>.*?)^```\s*$",
                    re.M | re.S)
_INLINE = re.compile(r"`([^`\n]+)`")
_TITLE = re.compile(r'title="([^"]+)"')
#: What varies between runs of the same command: timings and sizes.
_VARIES = (re.compile(r"\(\d+(\.\d+)? s\)"), re.compile(r"\b\d+(\.\d+)? [KM]B\b"))
#: Seconds a command may take before the page's run fails (a kit of all games included).
TIMEOUT = 600


@dataclass(frozen=True)
class Step:
    """One thing a reader does: write a file, run a command (with the output the page
    shows, or None where it shows none), or a command that is checked but not run."""

    kind: str  # "file", "run" or "skip"
    text: str
    expected: tuple[str, ...] | None = None


def steps(markdown: str) -> list[Step]:
    """The page's steps, in order.

    >>> page = ('```toml title="a.toml"\\nx = 1\\n```\\n\\n'
    ...         '```console\\n$ printables list\\n...\\n```\\n')
    >>> [(s.kind, s.text) for s in steps(page + 'or `pip install ".[web]"`')]
    [('skip', 'pip install ".[web]"'), ('file', 'a.toml'), ('run', 'printables list')]
    """
    out: list[Step] = []
    prose = _FENCE.sub("", markdown)
    out += [Step("skip", c) for c in _INLINE.findall(prose)
            if c.split()[:1] in (["pip"], ["pipx"])]
    for m in _FENCE.finditer(markdown):
        title = _TITLE.search(m["attrs"])
        if title:
            out.append(Step("file", title.group(1), (m["body"],)))
        elif m["lang"] == "console":
            out += _console(m["body"])
        elif m["lang"] in ("sh", "bash"):
            for line in m["body"].splitlines():
                command = line.split(" #", 1)[0].strip()
                if command and not command.startswith("#"):
                    out += [_command(part, None) for part in _parts(command)]
    return out


def _parts(command: str) -> list[str]:
    return [p.strip() for p in command.split("&&")]


def _console(body: str) -> list[Step]:
    out: list[Step] = []
    command: str | None = None
    expected: list[str] = []
    for line in body.splitlines() + ["$ "]:
        if line.startswith("$ "):
            if command:
                parts = _parts(command)
                out += [_command(p, None) for p in parts[:-1]]
                out.append(_command(parts[-1], tuple(expected)))
            command, expected = line[2:].strip(), []
        else:
            expected.append(line)
    return out


def _command(text: str, expected: tuple[str, ...] | None) -> Step:
    words = shlex.split(text)
    if words[:1] in (["pip"], ["pipx"]) or words[:2] == ["printables", "serve"]:
        return Step("skip", text)
    return Step("run", text, expected)


def extras_named(text: str) -> list[str]:
    """The extras an install command names.

    >>> extras_named('pip install ".[web,play]"'), extras_named("pipx inject printables numba")
    (['web', 'play'], [])
    """
    return [e.strip() for group in re.findall(r"\[([\w,\s-]+)\]", text)
            for e in group.split(",")]


def _normal(lines: list[str] | tuple[str, ...]) -> list[str]:
    out = []
    for line in lines:
        for pattern in _VARIES:
            line = pattern.sub("#", line)
        out.append(line.rstrip())
    while out and not out[-1]:
        out.pop()
    return out


def matches(expected: tuple[str, ...], got: list[str]) -> bool:
    """Whether the output got is what the page shows (`...` stands for any lines).

    >>> matches(("a", "...", "z (1.0 s)"), ["a", "b", "c", "z (2.5 s)"])
    True
    >>> matches(("a",), ["b"])
    False
    """
    pattern = "\n".join(".*" if ln == "..." else re.escape(ln) for ln in _normal(expected))
    return re.fullmatch(pattern.replace("\n.*\n", "(\n.*)*\n"), "\n".join(_normal(got)),
                        re.S) is not None


def expected_status(expected: tuple[str, ...]) -> int:
    """The exit status the output a page shows implies."""
    if any("printables: error:" in ln for ln in expected):
        return 2
    return 1 if any(" FAIL " in f" {ln} " for ln in expected) else 0


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.pop("PRINTABLES_ALLOW_OUTSIDE", None)
    return env


def _install_problem(text: str, extras: dict[str, list[str]]) -> str | None:
    """What is wrong with an install command: an extra pyproject.toml lacks, or a package
    `pipx inject` adds that no extra holds."""
    unknown = [e for e in extras_named(text) if e not in extras]
    if unknown:
        return f"{text}: no extra {unknown[0]!r} in pyproject.toml"
    words = shlex.split(text)
    if words[:3] == ["pipx", "inject", "printables"]:
        held = {re.split(r"[<>=\[; ]", req, maxsplit=1)[0].lower()
                for reqs in extras.values() for req in reqs}
        stray = [w for w in words[3:] if w.lower() not in held]
        if stray:
            return f"{text}: {stray[0]!r} is in no extra of pyproject.toml"
    return None


def run_step(step: Step, folder: Path, extras: dict[str, list[str]]) -> str | None:
    """Do one step in folder; None when it did what the page says, else what went wrong."""
    if step.kind == "file":
        path = folder / step.text
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text((step.expected or ("",))[0], encoding="utf-8")
        return None
    if step.kind == "skip":
        return _install_problem(step.text, extras)
    done = subprocess.run(["bash", "-c", step.text], cwd=folder, env=_env(), text=True,
                          capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    got = (done.stdout + done.stderr).splitlines()
    want = expected_status(step.expected or ())
    if done.returncode != want:
        return f"$ {step.text}: exit status {done.returncode}, not {want}:\n" + "\n".join(got)
    if step.expected and not matches(step.expected, got):
        return (f"$ {step.text}: the page shows\n" + "\n".join(step.expected) + "\nbut it "
                "printed\n" + "\n".join(got))
    return None


def run_page(page: Path, folder: Path) -> tuple[list[str], int]:
    """Run a page's steps in folder: (the problems, the number of steps done)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extras = config["project"]["optional-dependencies"]
    problems = []
    todo = steps(page.read_text(encoding="utf-8"))
    for step in todo:
        problem = run_step(step, folder, extras)
        if problem:
            problems.append(f"{page.name}: {problem}")
    return problems, len(todo)


def main(pages: list[str]) -> int:
    """Run each page in a fresh folder; print the problems; 1 if there were any."""
    failed = 0
    for name in pages:
        with tempfile.TemporaryDirectory() as folder:
            problems, n = run_page(Path(name), Path(folder))
        for p in problems:
            print(p)
        failed += len(problems)
        print(f"{name}: {n} steps, {len(problems)} problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
