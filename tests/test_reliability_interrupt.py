"""Ctrl-C and a position file's odd `to_move` (issue 35, item 5).

Ctrl-C at several points of start-up and of the work: a child `python -m printables` is
started with PYTHONPROFILEIMPORTTIME=1, so it writes a line to stderr as each module it
loads is done; the test waits for a chosen module's line (a condition, never a fixed time)
and then sends SIGINT, to the child's whole process group as a terminal does. Every time:
exit status 130, the one line `printables: interrupted`, no traceback (the kit's workers
included).

The odd `to_move` values (a table, a list) were tracebacks in validate, setup --layout and
play --layout; they are one line naming the file and the valid sides.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120.0

#: (command, the module whose loading is the moment Ctrl-C is pressed; modules the
#: program loads by name, printables.loading, are not timed, so the points are modules
#: they load in turn)
POINTS = [
    (["list"], "threading"),  # printables.__main__ still loading its own modules
    (["list"], "click"),  # the command line's own modules still loading
    (["validate", "layouts/dugi"], "printables.cli_grammar"),  # the command line loading
    (["validate", "layouts/dugi"], "printables.gamefile.rules_spec"),  # its work loading
    (["board", "dugi", "--format", "pdf"], "reportlab.pdfgen.canvas"),  # at work
    (["kit", "dugi", "network", "--no-cache"], "printables.products.kit_parts"),
    (["kit", "dugi", "network", "--no-cache"], "multiprocessing.popen_fork"),  # forking
    (["kit", "dugi", "network", "--no-cache"], "pypdf.filters"),  # workers at work
    (["balance", "dugi", "--games", "400", "--jobs", "2"], "multiprocessing.popen_fork"),
]


def interrupt_at(args: list[str], module: str, out: Path) -> tuple[int, list[str], str]:
    """Run printables with args, Ctrl-C once module is loaded; (status, stderr lines that
    are not the import timer's, stdout)."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1", "PYTHONPATH": str(ROOT)}
    if args[0] in ("board", "kit", "balance"):
        args = [*args, "-o", str(out)]
    proc = subprocess.Popen([sys.executable, "-m", "printables", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    lines: list[str] = []
    seen = threading.Event()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line.rstrip("\n"))
            if line.startswith("import time:") and line.split("|")[-1].strip() == module:
                seen.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert seen.wait(WAIT), f"{module} never loaded:\n" + "\n".join(lines[-20:])
        os.killpg(proc.pid, signal.SIGINT)  # the whole group, as a terminal's Ctrl-C
        assert proc.stdout is not None
        stdout = proc.stdout.read()
        code = proc.wait(WAIT)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    reader.join(WAIT)
    return code, [x for x in lines if not x.startswith("import time:")], stdout


@pytest.mark.slow
@pytest.mark.parametrize(("args", "module"), POINTS,
                         ids=[f"{a[0]}-{m}" for a, m in POINTS])
def test_ctrl_c_at_start_up_and_at_work_is_one_line(tmp_path, args, module):
    code, err, out = interrupt_at(args, module, tmp_path / "out")
    assert code == 130, (code, err, out)
    assert err == ["printables: interrupted"], err
    assert "Traceback" not in out


def test_ctrl_c_is_ignored_where_it_was_ignored_at_start(tmp_path):
    """`nohup` and a shell's background job start a program with SIGINT ignored: it stays
    ignored (printables does not take it back), so such a run finishes."""
    code = subprocess.run([sys.executable, "-c",
                           "import signal, sys\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                           "from printables.interrupt import ctrl_c\nimport os\n"
                           "with ctrl_c():\n    os.kill(os.getpid(), signal.SIGINT)\n"
                           "print('finished')"], cwd=ROOT, capture_output=True, text=True,
                          timeout=WAIT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert code.returncode == 0 and code.stdout == "finished\n", code


@pytest.mark.parametrize("value", ["{a = 1}", '["black"]', "1", "true", "[]", '""'])
def test_an_odd_to_move_is_one_line(tmp_path, capsys, value):
    f = tmp_path / "odd.toml"
    f.write_text(f'game = "dugi"\nto_move = {value}\n[pieces.black]\ncounter = ["a1"]\n')
    for args in (["validate", str(f)], ["setup", "--layout", str(f), "-o", str(tmp_path)],
                 ["play", "dugi", "--layout", str(f), "--games", "1"]):
        code, out, err = run_cli(args, capsys)
        assert code == 2, (args, out, err)
        line = [x for x in err.splitlines() if x.startswith("printables: error: ")]
        assert len(err.splitlines()) == 1 and line, (args, err)
        assert "odd.toml" in line[0] and "to_move" in line[0] and "black, white" in line[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["odd.toml"]
