"""The rule booklet product: book (the story and its parts), flow (Platypus typesetting),
examples (checked positions and their captions), markup (the rules-text Markdown subset),
diagram (position drawings, also used by setup sheets) and impose (saddle-stitch sheets)."""

from printables.products.booklet.book import booklet_outputs, build_booklet, bundled_rules

__all__ = ["booklet_outputs", "build_booklet", "bundled_rules"]
