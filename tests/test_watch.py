"""The watch loop: a save triggers the steps in order, an error is reported and the watch
goes on, and the next save builds again (the loop runs in a thread; the test waits on
conditions, never a fixed time)."""

from __future__ import annotations

import threading
import time

from printables.errors import UsageError
from printables.watch import Step, watch


def wait_for(condition, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "condition not met in time"
        time.sleep(0.02)


def test_a_save_rebuilds_in_order_and_an_error_does_not_stop_the_watch(tmp_path):
    source = tmp_path / "game.toml"
    source.write_text("title = 'one'\n")
    log: list[str] = []
    built: list[str] = []
    done = threading.Event()

    def first() -> list[str]:
        text = source.read_text()
        if "broken" in text:
            raise UsageError("game.toml:1: broken on purpose")
        built.append(text)
        return ["board.png"]

    steps = [Step("board, setup", first), Step("the rest", lambda: ["booklet.pdf"])]
    runner = threading.Thread(target=watch, args=(lambda: [source], steps, log.append),
                              kwargs={"interval": 0.02, "stop": done.is_set})
    runner.start()
    try:
        wait_for(lambda: len(built) == 1)
        source.write_text("title = 'broken'\n")
        wait_for(lambda: any("error: game.toml:1: broken" in line for line in log))
        source.write_text("title = 'two, longer'\n")
        wait_for(lambda: len(built) == 2)
        wait_for(lambda: sum("the rest" in line for line in log) == 2)
    finally:
        done.set()
        runner.join(timeout=30)
    assert built == ["title = 'one'\n", "title = 'two, longer'\n"]
    steps_run = [line.split(":")[0] for line in log if "files in" in line]
    assert steps_run == ["board, setup", "the rest", "board, setup", "the rest"]
    assert not runner.is_alive()


def test_a_save_made_while_a_build_runs_is_built_next(tmp_path):
    """The designer saves again while a build runs (or while its error is printed): the
    next look compares with the file as it was when the build started, so it builds."""
    source = tmp_path / "game.toml"
    source.write_text("one\n")
    built: list[str] = []
    done = threading.Event()

    def build() -> list[str]:
        text = source.read_text()
        built.append(text)
        if text == "two\n":  # the second save lands during this build
            source.write_text("three, saved during the build\n")
        return ["board.png"]

    runner = threading.Thread(target=watch, args=(lambda: [source], [Step("b", build)],
                                                  lambda line: None),
                              kwargs={"interval": 0.02, "stop": done.is_set})
    runner.start()
    try:
        wait_for(lambda: len(built) == 1)
        source.write_text("two\n")
        wait_for(lambda: len(built) == 3)
    finally:
        done.set()
        runner.join(timeout=30)
    assert built == ["one\n", "two\n", "three, saved during the build\n"]
