"""Laser-cut files of a game: board and pieces laid out on sheets of material.

The package is split by job: :mod:`.request` (the checked request, layers, profiles),
:mod:`.pack` (packing parts on sheets), :mod:`.sheets` (sheet scenes, file output),
:mod:`.board` (the board as marks), :mod:`.split`, :mod:`.polar` and :mod:`.strips` (the
three ways to split it into parts, on :mod:`.region`), :mod:`.joints` (what holds the
parts together, one way only), :mod:`.pieces` (playing pieces as parts), :mod:`.model`
(the plain data they share), :mod:`.materials` (LightBurn presets), :mod:`.text` and
:mod:`.stroke` (outlined and single-stroke lettering); LightBurn projects are written by
printables.render.lbrn2. The public entry points are re-exported here.
"""

from printables.products.laser.request import FORMATS, LAYERS, PROFILES, LaserRequest, laser_request
from printables.products.laser.sheets import (
                                               Sheet,
                                               board_sheets,
                                               dxf_available,
                                               laser_files,
                                               laser_sheets,
                                               piece_sheets,
                                               render_sheet,
)

__all__ = ["FORMATS", "LAYERS", "PROFILES", "LaserRequest", "Sheet", "board_sheets",
           "dxf_available", "laser_files", "laser_request", "laser_sheets", "piece_sheets",
           "render_sheet"]
