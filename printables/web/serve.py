"""Run the web app on waitress: bind, say where, open a browser, stop cleanly.

Ruling (ours): 127.0.0.1 by default; another host (e.g. 0.0.0.0 for a club's server) is
the user's explicit choice, and the start-up line then says the page is open to the network.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import webbrowser
from typing import Callable

from printables.errors import UsageError
from printables.web.app import LOOPBACK, MAX_REQUEST, create_app

#: Request threads: builds are limited separately (one per core), the rest wait or preview.
THREADS = 8


def serve(host: str = "127.0.0.1", port: int = 8000, games_dir: str | None = None,
          open_browser: bool = True, say: Callable[[str], None] = print) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM)."""
    from waitress import create_server
    from printables.web.catalog import check_games_dir
    games_dir = check_games_dir(games_dir)
    app = create_app(games_dir, host=host)
    try:
        server = create_server(app, host=host, port=port, threads=THREADS, ident="printables",
                               max_request_body_size=MAX_REQUEST,
                               max_request_header_size=2 * MAX_REQUEST, channel_timeout=300)
    except OSError as e:
        raise UsageError(f"cannot listen on {host}:{port}: {e.strerror or e}; "
                         "try another --port", input=str(port)) from None
    url = page_url(host, server.effective_port)
    say(f"printables serve: {url}  (Ctrl-C stops it)")
    if host not in LOOPBACK:
        say("note: the page is open to the network, not only to this computer")
    if open_browser and has_desktop():
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.close()
        app.config["RUNNER"].close()


def has_desktop(env: dict | None = None, platform: str | None = None) -> bool:
    """Whether a graphical browser can open here (without one, Python's webbrowser would
    start a text browser in this very terminal).

    >>> has_desktop({}, "linux"), has_desktop({"DISPLAY": ":0"}, "linux")
    (False, True)
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    return platform in ("darwin", "win32") or bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def _stop(signum, frame) -> None:
    raise KeyboardInterrupt


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
