"""Laser-cut files of a game: board and pieces laid out on sheets of material.

The package is split by job: :mod:`.request` (the checked request, layers, profiles),
:mod:`.pack` (packing parts on sheets), :mod:`.sheets` (sheet scenes, file output),
:mod:`.board` (the board as marks), :mod:`.split`, :mod:`.polar` and :mod:`.strips` (the
three ways to split it into parts, on :mod:`.region`), :mod:`.joints` (what holds the
parts together, one way only), :mod:`.pieces` (playing pieces as parts), :mod:`.model`
(the plain data they share), :mod:`.materials` (LightBurn presets), :mod:`.text` and
:mod:`.stroke` (outlined and single-stroke lettering); LightBurn projects are written by
printables.render.lbrn2. The package imports none of them (the request and the
materials are read without loading the geometry of the sheets); import each from its
module.
"""
