"""The rule booklet product: book (the story and its parts), flow (Platypus typesetting),
examples (checked positions and their captions), markup (the rules-text Markdown subset),
diagram (position drawings, also used by setup sheets) and impose (saddle-stitch sheets).

The package imports none of them, so a module that needs one part (a setup sheet drawing a
position, a game file's export reading examples) does not load the typesetting of the
others; import each from its module."""
