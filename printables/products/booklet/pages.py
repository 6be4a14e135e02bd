"""Booklet page sizes and fold sheets: which --paper and --impose a booklet takes, read and
checked without loading the typesetting (the product table, the CLI and the web form check
a request with these before anything is built).

Ruling (ours): two pages fit side by side on a sheet with half a point of slack, so A5 on
A4 and half-letter on letter fit although their sizes are rounded to the millimetre.
"""

from __future__ import annotations

from collections.abc import Mapping

from printables.errors import UsageError
from printables.units import PAPERS, PT_PER_MM

#: Slack in points when deciding whether two pages fit side by side on a sheet.
FIT_SLACK = 0.5

#: Booklet page sizes (portrait, mm) by the names --paper accepts: the papers of units.PAPERS,
#: and half-letter, a Letter sheet folded in two.
PAGES: dict[str, tuple[float, float]] = {
    "A5": PAPERS["A5"], "A4": PAPERS["A4"], "letter": PAPERS["Letter"],
    "half-letter": (PAPERS["Letter"][1] / 2, PAPERS["Letter"][0])}
#: Sheets --impose accepts, and the booklet page size that folds out of each.
SHEETS: dict[str, tuple[float, float]] = {"A4": PAPERS["A4"], "letter": PAPERS["Letter"]}
#: The booklet page that folds out of each sheet.
FOLDED = {"A4": "A5", "letter": "half-letter"}


def choose(name: str, table: Mapping[str, tuple[float, float]], what: str) -> str:
    """The canonical key of a case-insensitive paper or sheet name, or a UsageError.

    >>> choose("a5", PAGES, "paper")
    'A5'
    """
    for key in table:
        if key.lower() == str(name).lower():
            return key
    raise UsageError(f"unknown {what} {name!r}; valid: {', '.join(table)}", input=str(name))


def check_fit(page: tuple[float, float], sheet: tuple[float, float], sheet_name: str) -> None:
    """Raise UsageError unless two pages (w, h in mm) fit side by side on the landscape sheet."""
    sw, sh = max(sheet), min(sheet)
    pw, ph = page
    if 2 * pw > sw + FIT_SLACK / PT_PER_MM or ph > sh + FIT_SLACK / PT_PER_MM:
        raise UsageError(f"booklet pages of {pw:.1f} x {ph:.1f} mm do not fit 2-up on "
                         f"{sheet_name} ({sw:.1f} x {sh:.1f} mm); choose a smaller --paper "
                         f"(A5 on A4, half-letter on letter)", input=sheet_name)


def booklet_pages(paper: str | None, impose_on: str | None) -> tuple[str, str | None]:
    """The page size and imposition sheet that --paper and --impose ask for, checked (a
    UsageError names the bad one); the web page checks its fields with this too."""
    sheet = choose(impose_on, SHEETS, "sheet for --impose") if impose_on else None
    page = choose(paper, PAGES, "paper") if paper else (FOLDED[sheet] if sheet else "A5")
    if sheet:
        check_fit(PAGES[page], SHEETS[sheet], sheet)
    return page, sheet
