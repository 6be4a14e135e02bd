"""`printables serve`: a local web page to choose a game, set its options, watch the board
change and download each file or the whole kit.

A thin adapter, like cli.py: the form's texts go to the same core parsers and builders the
CLI calls (printables.web.choices, printables.web.products), builds run in bounded child
processes (printables.web.jobs), and the Flask app (printables.web.app) only routes.

Ruling (ours): Flask rather than Starlette. The core is synchronous and CPU-bound, so an
async framework gains nothing; Flask brings its templates (Jinja2) and test client, and is
served by waitress, a pure-Python production WSGI server, instead of a development server.
"""

from __future__ import annotations

from printables.web.app import create_app
from printables.web.serve import serve

__all__ = ["create_app", "serve"]
