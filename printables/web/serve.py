"""Run the web app on waitress: bind, say where, open a browser, stop cleanly.

Rulings (ours):
- 127.0.0.1 by default; another host (e.g. 0.0.0.0 for a club's server) is the user's
  explicit choice, and the start-up line then says the page is open to the network.
- Nothing outlives the server: its builds' temporary files and its uploads live in one
  folder of its own (``.printables-serve.PID.RANDOM.tmp`` in the system's temporary folder,
  TMPDIR), removed when it stops, and at the start of the next server (the folders of
  servers that are gone). When it is killed (SIGKILL, the OOM killer), its janitor removes
  that folder and the forkserver's socket folder (pymp-*, which stays in the system's
  temporary folder: a socket's path must be short): a small process of its own session,
  started first, that waits for the end of a pipe only the server writes to. The workers
  cannot do it: the kernel kills them with the forkserver, which ends with the server, and
  there may be none.
- A slow or idle client cannot lock others out: up to CONNECTIONS connections (the open
  file limit is raised for them), an idle one closed after IDLE_TIMEOUT seconds, and
  requests are read whole by the event loop before a thread takes them, so a client
  trickling bytes holds one connection, never a thread. A request body is at most
  MAX_UPLOAD_REQUEST bytes (an upload's); the app reads at most MAX_REQUEST of any other.
"""

from __future__ import annotations

import ipaddress
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import webbrowser
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from multiprocessing.util import get_temp_dir
from pathlib import Path

from flask import Flask

from printables.errors import UsageError
from printables.outputs import clean_stale, stage_dir
from printables.web.app import LOOPBACK, MAX_REQUEST, MAX_UPLOAD_REQUEST, create_app
from printables.web.catalog import check_games_dir
from printables.web.jobs import Runner

#: Request threads: builds are limited separately (one per core), the rest wait or preview.
THREADS = 8
#: Open connections at most (waitress's default, 100, let 100 idle clients shut others out).
CONNECTIONS = 1000
#: Seconds an idle connection stays open (waitress's default is 120; a build in progress
#: is not idle).
IDLE_TIMEOUT = 20
#: Seconds between looks at whether Ctrl-C or SIGTERM came (the longest a stop waits).
POLL = 0.2


#: The janitors this process started (held, so their pipes close only when it ends).
_JANITORS: list[subprocess.Popen[bytes]] = []
#: The janitor's program: wait for the end of standard input (its only writer is the
#: server), then remove the folders it was given, trying again for a few seconds while the
#: server's last workers, killed with it, may still be writing into them.
JANITOR = """
import os, shutil, sys, time
sys.stdin.buffer.read()
end = time.monotonic() + 4
while True:
    for path in sys.argv[1:]:
        shutil.rmtree(path, ignore_errors=True)
    if not any(os.path.lexists(p) for p in sys.argv[1:]) or time.monotonic() > end:
        break
    time.sleep(0.05)
"""


def serve(host: str = "127.0.0.1", port: int = 8000, games_dir: str | None = None,
          open_browser: bool = True, say: Callable[[str], None] = print,
          allow_hosts: tuple[str, ...] = ()) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM)."""
    games_dir = check_games_dir(games_dir)
    with server_temp() as temp:
        runner = Runner(temp=temp[0])
        try:
            _run(create_app(games_dir, runner, host, tuple(allow_hosts)), host, port,
                 open_browser, say)
        finally:
            runner.close()


def _run(app: Flask, host: str, port: int, open_browser: bool, say: Callable[[str], None]) -> None:
    from waitress import create_server
    connections = _raise_file_limit(CONNECTIONS + 100) - 100
    try:
        server = create_server(app, host=host, port=port, threads=THREADS, ident="printables",
                               max_request_body_size=MAX_UPLOAD_REQUEST,
                               max_request_header_size=2 * MAX_REQUEST,
                               connection_limit=connections, channel_timeout=IDLE_TIMEOUT,
                               cleanup_interval=2, asyncore_use_poll=True)
    except OSError as e:
        raise UsageError(f"cannot listen on {host}:{port}: {e.strerror or e}; "
                         "try another --port", input=str(port)) from None
    url = page_url(host, server.effective_port)
    with _stop_signals() as stopping:
        say(f"printables serve: {url}  (Ctrl-C stops it)")
        _welcome(app, host, url, open_browser, say)
        try:
            while not stopping:
                server.asyncore.loop(timeout=POLL, map=server._map, use_poll=True, count=1)
        finally:
            server.task_dispatcher.shutdown()
            server.close()


def _welcome(app: Flask, host: str, url: str, open_browser: bool,
             say: Callable[[str], None]) -> None:
    """The start-up note for a page open to the network, and the browser where there is one."""
    if host not in LOOPBACK and not _loopback(host):
        say("note: the page is open to the network, not only to this computer; it answers "
            "to " + ", ".join(sorted(app.config["ALLOWED_HOSTS"])) + " (add the name people "
            "type with --allow-host NAME)")
    if open_browser and has_desktop():
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()


@contextmanager
def _stop_signals() -> Iterator[list[int]]:
    """While inside: Ctrl-C (SIGINT) and SIGTERM only note themselves in the list yielded;
    the serving loop looks at it between polls (every POLL seconds at most). A handler that
    raised would interrupt waitress wherever it was, perhaps holding a lock its close needs."""
    stopping: list[int] = []
    previous = {sig: signal.signal(sig, lambda signum, frame: stopping.append(signum))
                for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield stopping
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


@contextmanager
def server_temp() -> Iterator[tuple[str, str]]:
    """This server's temporary folders: its own, made the process's temp folder while it
    runs and removed after (what servers that are gone left is removed first), and the
    forkserver's socket folder (multiprocessing removes it at exit); the janitor removes
    both if the server is killed."""
    system = Path(tempfile.gettempdir())
    clean_stale(system)  # exactly our marked names, of processes that are gone
    sockets = get_temp_dir()  # made now, in the system's folder, before ours takes over
    folder = stage_dir(system, "serve")
    _janitor(str(folder), sockets)
    saved, tempfile.tempdir = tempfile.tempdir, str(folder)
    try:
        yield str(folder), sockets
    finally:
        tempfile.tempdir = saved
        shutil.rmtree(folder, ignore_errors=True)


def _janitor(*folders: str) -> subprocess.Popen[bytes] | None:
    """Start the janitor of these folders (see the module's docstring). Its pipe is not
    inherited by the forkserver or the workers (they are started with only the descriptors
    they need), so it ends exactly when this process does; it is never closed before (at a
    clean stop, multiprocessing removes its own folder at exit, and must find it there)."""
    try:
        janitor = subprocess.Popen([sys.executable, "-I", "-c", JANITOR, *folders],
                                   stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:  # no janitor: the next server removes what this one leaves
        return None
    _JANITORS.append(janitor)  # its pipe stays open until the process ends
    return janitor


def _raise_file_limit(want: int) -> int:
    """Raise the open-file limit towards want (each connection holds one); the limit now."""
    try:
        import resource  # Unix only
    except ImportError:  # Windows: no such limit to raise
        return want
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < want:
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return max(min(soft, want), 200)


def _loopback(host: str) -> bool:
    """An address of this computer only (127.0.0.0/8, ::1).

    >>> _loopback("127.0.0.2"), _loopback("0.0.0.0"), _loopback("club.local")
    (True, False, False)
    """
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def has_desktop(env: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether a graphical browser can open here (without one, Python's webbrowser would
    start a text browser in this very terminal).

    >>> has_desktop({}, "linux"), has_desktop({"DISPLAY": ":0"}, "linux")
    (False, True)
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    return platform in ("darwin", "win32") or bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def page_url(host: str, port: int) -> str:
    """The address to open: wildcard hosts are reached through the loopback address.

    >>> page_url("0.0.0.0", 8000), page_url("::1", 8001)
    ('http://127.0.0.1:8000/', 'http://[::1]:8001/')
    """
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    if shown == "::":
        shown = "::1"
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"
