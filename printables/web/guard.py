"""The request guard of `printables serve`: which Host names it answers, and which requests
may start a build.

Rulings (ours):
- The page answers only to the Host names in its allow-list: the address it is bound to,
  the loopback names (localhost, 127.0.0.1, ::1) and each `--allow-host NAME`; any other
  Host (DNS rebinding: evil.example resolving to this machine) gets 400 and nothing runs.
  A wildcard bind (0.0.0.0, ::) is not a name, so a club server names itself with
  `--allow-host`.
- Every request but the first page and the style sheet and scripts starts work in a
  worker (previews, downloads, kits), so each is refused with 403 when the browser says it
  comes from another site (`Sec-Fetch-Site: cross-site`) or, from a browser that does not
  say (no Sec-Fetch-Site, or `same-site`), its Origin is not one of the allowed hosts; a
  link from another site still reaches the first page. A browser's `same-origin` is
  trusted over its Origin: with the page's `Referrer-Policy: no-referrer`, Chromium sends
  `Origin: null` with the page's own form posts (the upload).
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from flask import Flask, abort, request

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("", "0.0.0.0", "::")
#: Sec-Fetch-Site values a browser sends for the page's own requests and a typed address.
SAME_SITE = ("same-origin", "none")
#: Endpoints that start no build: a cross-site request may reach them.
OPEN_ENDPOINTS = ("web.index", "static")


def host_name(host: str) -> str:
    """A Host header's name without its port, lower case, IPv6 without brackets.

    >>> host_name("[::1]:8000"), host_name("LocalHost:80"), host_name("evil.com")
    ('::1', 'localhost', 'evil.com')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host.rstrip(".")


def allowed_hosts(bound: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The Host names a server bound to `bound` answers: the bound address (unless it is a
    wildcard), the loopback names and the extra names.

    >>> sorted(allowed_hosts("127.0.0.2", ["club.local"]))
    ['127.0.0.1', '127.0.0.2', '::1', 'club.local', 'localhost']
    """
    names = {host_name(n) for n in extra if n.strip()} | set(LOOPBACK_NAMES)
    if bound.strip() not in WILDCARDS:
        names.add(host_name(bound if ":" not in bound else f"[{bound.strip('[]')}]"))
    return frozenset(names)


def install(app: Flask, bound: str, extra: Iterable[str] = ()) -> None:
    """Check every request of app against the allow-list of a server bound to `bound`."""
    hosts = allowed_hosts(bound, extra)
    app.config["ALLOWED_HOSTS"] = hosts

    def _guard() -> None:
        if host_name(request.headers.get("Host", "")) not in hosts:
            abort(400, "this page answers only to its own address; start printables serve "
                       "with --allow-host NAME to add a name")
        if request.endpoint in OPEN_ENDPOINTS:
            return
        site = request.headers.get("Sec-Fetch-Site", "").lower()
        if site == "cross-site":
            abort(403, "a request from another site may not start a build")
        if site in SAME_SITE:  # the browser vouches for it (its Origin may say "null")
            return
        origin = request.headers.get("Origin")
        if origin is not None and not _own_origin(origin, hosts):
            abort(403, "a request from another site may not start a build")

    # registered by a call, not as a decorator: where flask is not installed (a lint run),
    # its decorators are untyped
    app.before_request(_guard)


def _own_origin(origin: str, hosts: frozenset[str]) -> bool:
    """An Origin header naming one of the allowed hosts over http(s).

    >>> ok = frozenset({"localhost"})
    >>> _own_origin("http://localhost:8000", ok), _own_origin("null", ok)
    (True, False)
    """
    try:
        parts = urlsplit(origin.strip())
        name = parts.hostname
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and name is not None and name.lower() in hosts
